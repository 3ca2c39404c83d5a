import { Body, Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Principal } from '@lib/accounts';
import { FindBatchService, FindOneService } from '@lib/finder';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { ApiEnvelope, ApiErrors } from '../docs/api-envelope.decorators';
import { answerOnce, IDEMPOTENCY_HEADER_DOC } from '../idempotency/answer-once';
import { IdempotencyGate, requestFingerprint } from '@lib/idempotency';
import { FinderBatchDto, FinderBatchModel, FinderRequestDto, FinderResultModel } from './finder.dto';

// A batch of 100 contacts runs 8 at a time within each call's budget: a claim is presumed dead only
// after 15 minutes, and a concurrent duplicate waits up to two minutes for the first answer.
const BATCH_TIMING = { staleMs: 15 * 60_000, waitMs: 120_000 };

@ApiTags('finder')
@Controller('v1/finder')
export class FinderController {
  constructor(
    private readonly one: FindOneService,
    private readonly batch: FindBatchService,
    private readonly gate: IdempotencyGate,
  ) {}

  @Post(['', 'single'])
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Find a person's address at a company domain (10 credits when an address is returned, free on a miss); /v1/finder and /v1/finder/single are the same endpoint",
  })
  @ApiHeader(IDEMPOTENCY_HEADER_DOC)
  @ApiEnvelope(FinderResultModel)
  @ApiErrors(400, 401, 402, 409, 429)
  find(
    @CurrentPrincipal() principal: Principal,
    @Body() body: FinderRequestDto,
    @Headers('idempotency-key') key: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const input = { firstName: body.firstName, lastName: body.lastName ?? null, domain: body.domain };
    const request = {
      accountId: principal.accountId,
      rawKey: key,
      reply,
      requestHash: requestFingerprint('finder.single', input),
    };
    return answerOnce(this.gate, request, (attempt) => this.one.find(principal, body as never, attempt));
  }

  @Post('batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Up to 100 contacts at once, synchronously; invalid contacts get a per-item error' })
  @ApiHeader(IDEMPOTENCY_HEADER_DOC)
  @ApiEnvelope(FinderBatchModel)
  @ApiErrors(400, 401, 402, 409, 429)
  findBatch(
    @CurrentPrincipal() principal: Principal,
    @Body() body: FinderBatchDto,
    @Headers('idempotency-key') key: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const request = {
      accountId: principal.accountId,
      rawKey: key,
      reply,
      requestHash: requestFingerprint('finder.batch', body.contacts),
      timing: BATCH_TIMING,
    };
    return answerOnce(this.gate, request, (attempt) => this.batch.find(principal, body.contacts, attempt));
  }
}
