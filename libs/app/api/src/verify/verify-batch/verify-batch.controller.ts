import { Body, Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Principal } from '@lib/accounts';
import { DomainError } from '@lib/common';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentPrincipal, PaidRoute, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { IdempotencyGate, requestFingerprint } from '@lib/idempotency';
import { PaidVerification, type BatchResponse } from '@lib/paid-verification';
import { claimOnce, IDEMPOTENCY_HEADER_DOC } from '../../idempotency/answer-once';
import { BatchResponseModel } from '../shared/verification-result.model';
import { MAX_BATCH_SIZE, VerifyBatchDto } from './verify-batch.dto';

@ApiTags('verification')
@PaidRoute()
@RequiresScope('verify')
@AcceptsKeyKinds('test')
@Controller('v1/verify/batch')
export class VerifyBatchController {
  constructor(
    private readonly verification: PaidVerification,
    private readonly gate: IdempotencyGate,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: `Verify up to ${MAX_BATCH_SIZE} addresses at once`,
    description:
      'The spec gives both 30 and 100 as the limit; 100 is accepted. Duplicates (by canonical form: case, gmail dots and +tags) are probed and charged once; each repeated position carries the same result with creditsCharged 0. The credits for every unique address must be available up front (else 402, nothing probed); only decisive results are finally charged.',
  })
  @ApiHeader(IDEMPOTENCY_HEADER_DOC)
  @ApiEnvelope(BatchResponseModel)
  @ApiErrors(400, 401, 402, 409, 415)
  async verify(
    @CurrentPrincipal() principal: Principal,
    @Body() body: VerifyBatchDto,
    @Headers('idempotency-key') rawKey: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (body.emails.length === 0) throw new DomainError('BATCH_EMPTY');
    if (body.emails.length > MAX_BATCH_SIZE)
      throw new DomainError(
        'BATCH_TOO_LARGE',
        `At most ${MAX_BATCH_SIZE} addresses per request; got ${body.emails.length}. Use a bulk job for more.`,
      );
    const evidence = body.evidence ?? false;
    const requestHash = requestFingerprint('verify.batch', evidence ? { emails: body.emails, evidence } : body.emails);
    const request = { accountId: principal.accountId, rawKey, reply, requestHash };
    const claim = await claimOnce<BatchResponse>(this.gate, request);
    if (claim.replayed) return claim.data;
    return claim.answer(this.verification.batch(principal, body.emails, claim.attempt, evidence));
  }
}
