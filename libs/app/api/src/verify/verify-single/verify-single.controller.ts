import { Body, Controller, Get, Headers, HttpCode, Options, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiHeader, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '@lib/accounts';
import { answerPreflight, ApiEnvelope, ApiErrors, Public, RawResponse } from '@lib/http-host';
import { AllowQueryApiKey, CurrentPrincipal, PaidRoute, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { IdempotencyGate, requestFingerprint } from '@lib/idempotency';
import { claimOnce, IDEMPOTENCY_HEADER_DOC } from '../../idempotency/answer-once';
import { PaidVerification, type VerificationResult } from '@lib/paid-verification';
import { EVIDENCE_DOC } from '../shared/verification-result.model';
import { VerificationTokens } from '../shared/verification-token/verification-tokens';
import { SingleVerificationModel } from './single-verification.model';
import { VerifySingleDto } from './verify-single.dto';

const PUBLISHABLE_DOC =
  'A publishable key (mck_pub_) may call it from a browser: the Origin header must be one of its origins (403, 1120), it is rate-limited per visitor, per minute and per day (429, 1201, `error.limit`), and its answer carries `verificationToken`.';

@ApiTags('verification')
@PaidRoute()
@RequiresScope('verify')
@Controller('v1/verify/single')
export class VerifySingleController {
  constructor(
    private readonly verification: PaidVerification,
    private readonly gate: IdempotencyGate,
    private readonly tokens: VerificationTokens,
  ) {}

  /** CORS preflight of browsers calling with a publishable key (no key in it: see answerPreflight). */
  @Options()
  @Public()
  @RawResponse()
  @ApiExcludeEndpoint()
  preflight(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    answerPreflight(request, reply, ['GET', 'POST']);
  }

  @Post()
  @HttpCode(200)
  @AcceptsKeyKinds('test', 'publishable')
  @ApiOperation({
    summary: 'Verify one address (1 credit on ok, invalid, catch_all, disposable; unknown and error are free)',
    description: PUBLISHABLE_DOC,
  })
  @ApiHeader(IDEMPOTENCY_HEADER_DOC)
  @ApiEnvelope(SingleVerificationModel)
  @ApiErrors(400, 401, 402, 403, 409, 415, 429)
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
  @AcceptsKeyKinds('test', 'publishable')
  @ApiOperation({
    summary:
      'Same as POST; the key may also be sent as the X-API-KEY query parameter (discouraged: keys leak into logs and history)',
    description: PUBLISHABLE_DOC,
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
  @ApiEnvelope(SingleVerificationModel)
  @ApiErrors(400, 401, 402, 403, 409, 429)
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
    const result = claim.replayed
      ? claim.data
      : await claim.answerFinishing(this.verification.singleFinishing(principal, email, claim.attempt, evidence));
    // Signed per answer (a replayed one too), never stored: a token is the signer's word at that moment.
    if (principal.kind !== 'publishable') return result;
    return { ...result, verificationToken: this.tokens.issue(principal, result) };
  }
}
