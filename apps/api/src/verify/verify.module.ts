import { Module } from '@nestjs/common';
import { CreditsModule } from '@lib/credits';
import { VerifyBatchController } from './batch/verify-batch.controller';
import { IdempotencyModule } from '@lib/idempotency';
import { PaidVerification } from './paid-verification';
import { VerifySingleController } from './single/verify-single.controller';
import { VerificationEngineModule } from './verification-engine.module';
import { VerificationRecordsModule } from './verification-records.module';

/** POST/GET /v1/verify/single and POST /v1/verify/batch: charged through the credit ledger, idempotent by key. */
@Module({
  imports: [CreditsModule, VerificationEngineModule, VerificationRecordsModule, IdempotencyModule],
  controllers: [VerifySingleController, VerifyBatchController],
  providers: [PaidVerification],
})
export class VerifyModule {}
