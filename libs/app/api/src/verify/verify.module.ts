import { Module } from '@nestjs/common';
import { IdempotencyModule } from '@lib/idempotency';
import { PaidVerificationModule } from '@lib/paid-verification';
import { VerifyBatchController } from './verify-batch/verify-batch.controller';
import { VerifySingleController } from './verify-single/verify-single.controller';
import { CheckTokenController } from './check-token/check-token.controller';
import { VerificationTokens } from './shared/verification-token/verification-tokens';
import { ApiConfigModule } from '../api.config';

/**
 * POST/GET /v1/verify/single and POST /v1/verify/batch: charged through the credit ledger, idempotent by key;
 * publishable answers carry a verification token, checked by POST /v1/verify/token.
 */
@Module({
  imports: [PaidVerificationModule, IdempotencyModule, ApiConfigModule],
  controllers: [VerifySingleController, VerifyBatchController, CheckTokenController],
  providers: [VerificationTokens],
})
export class VerifyModule {}
