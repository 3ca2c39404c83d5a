import { Module } from '@nestjs/common';
import { LedgerModule } from '@lib/ledger';
import { VerificationEngineModule } from '@lib/verification-engine';
import { VerificationRecordsModule } from '../records/verification-records.module';
import { PaidVerification } from './paid-verification';

/** Single and batch verification as paid, recorded operations, on the process's one engine. */
@Module({
  imports: [LedgerModule, VerificationEngineModule, VerificationRecordsModule],
  providers: [PaidVerification],
  exports: [PaidVerification],
})
export class PaidVerificationModule {}
