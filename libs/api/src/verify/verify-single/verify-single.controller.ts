import { Body, Controller, Get, Headers, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Principal } from '@lib/accounts';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { AllowQueryApiKey, CurrentPrincipal, PaidRoute, RequiresScope } from '../../auth/auth.decorators';
import { IdempotencyGate, requestFingerprint } from '@lib/idempotency';
import { claimOnce, IDEMPOTENCY_HEADER_DOC } from '../../idempotency/answer-once';
import { PaidVerification, type VerificationResult } from '@lib/paid-verification';
import { EVIDENCE_DOC, VerificationResultModel } from '../shared/verification-result.model';
import { VerifySingleDto } from './verify-single.dto';

@ApiTags('verification')
@PaidRoute()
@RequiresScope('verify')
@Controller('v1/verify/single')
export class VerifySingleController {
  constructor(
    private readonly verification: PaidVerification,
    private readonly gate: IdempotencyGate,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Verify one address (1 credit on ok, invalid, catch_all, disposable; unknown and error are free)',
  })
  @ApiHeader(IDEMPOTENCY_HEADER_DOC)
  @ApiEnvelope(VerificationResultModel)
  @ApiErrors(400, 401, 402, 409, 415)
  post(
    @CurrentPrincipal() principal: Principal,
    @Body() body: VerifySingleDto,
    @Headers('idempotency-key') key: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.verify(principal, body, key, reply);
  }

  @Get()
  @AllowQueryApiKey()
  @ApiOperation({
    summary:
      'Same as POST; the key may also be sent as the X-API-KEY query parameter (discouraged: keys leak into logs and history)',
  })
  @ApiQuery({
    name: 'email',
    required: true,
    schema: { type: 'string', minLength: 1, maxLength: 512, pattern: '\\S' },
    example: 'jane@example.com',
  })
  @ApiQuery({
    name: 'evidence',
    required: false,
    schema: { type: 'boolean', default: false },
    description: EVIDENCE_DOC,
  })
  @ApiQuery({
    name: 'X-API-KEY',
    required: false,
    schema: { type: 'string' },
    description: 'Browser tests only; prefer the header',
  })
  @ApiHeader(IDEMPOTENCY_HEADER_DOC)
  @ApiEnvelope(VerificationResultModel)
  @ApiErrors(400, 401, 402, 409)
  get(
    @CurrentPrincipal() principal: Principal,
    @Query() query: VerifySingleDto,
    @Headers('idempotency-key') key: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.verify(principal, query, key, reply);
  }

  private async verify(
    principal: Principal,
    { email, evidence = false }: VerifySingleDto,
    rawKey: unknown,
    reply: FastifyReply,
  ) {
    // Asking for evidence is part of the request: a retry must ask the same way (the plain request hashes as before).
    const requestHash = requestFingerprint('verify.single', evidence ? { email, evidence } : email);
    const request = { accountId: principal.accountId, rawKey, reply, requestHash };
    const claim = await claimOnce<VerificationResult>(this.gate, request);
    if (claim.replayed) return claim.data;
    return claim.answer(this.verification.single(principal, email, claim.attempt, evidence));
  }
}
