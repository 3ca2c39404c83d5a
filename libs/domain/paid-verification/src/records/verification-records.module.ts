import { Module } from '@nestjs/common';
import { LedgerModule } from '@lib/ledger';
import { VerificationRecords } from './verification-records';

/** Imported by every role that settles verification holds: the api (retries) and the worker (hold sweeper). */
@Module({
  imports: [LedgerModule],
  providers: [VerificationRecords],
  exports: [VerificationRecords],
})
export class VerificationRecordsModule {}
