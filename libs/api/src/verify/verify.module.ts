import { Module } from '@nestjs/common';
import { IdempotencyModule } from '@lib/idempotency';
import { PaidVerificationModule } from '@lib/paid-verification';
import { VerifyBatchController } from './verify-batch/verify-batch.controller';
import { VerifySingleController } from './verify-single/verify-single.controller';

/** POST/GET /v1/verify/single and POST /v1/verify/batch: charged through the credit ledger, idempotent by key. */
@Module({
  imports: [PaidVerificationModule, IdempotencyModule],
  controllers: [VerifySingleController, VerifyBatchController],
})
export class VerifyModule {}
