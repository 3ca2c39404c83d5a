import { Module } from '@nestjs/common';
import { CreditsModule } from '@lib/credits';
import { VerificationRecords } from './verification-records';

/** Imported by every role that settles verification holds: the api (retries) and the worker (hold sweeper). */
@Module({
  imports: [CreditsModule],
  providers: [VerificationRecords],
  exports: [VerificationRecords],
})
export class VerificationRecordsModule {}
