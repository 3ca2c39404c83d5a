import { Body, Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Principal } from '@lib/accounts';
import { FindBatchService, type FinderBatchView } from '@lib/finder';
import { IdempotencyGate, requestFingerprint } from '@lib/idempotency';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentPrincipal, PaidRoute, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { claimOnce, IDEMPOTENCY_HEADER_DOC } from '../../idempotency/answer-once';
import { FinderBatchDto, FinderBatchModel } from './find-batch.dto';

// A batch of 100 contacts runs 8 at a time within each call's budget, so a concurrent duplicate waits up to
// two minutes for the first answer; its claim goes stale after the one bound of every paid call (the gate's).
const BATCH_TIMING = { waitMs: 120_000 };

/** Up to 100 contacts in one synchronous call, each answered (or refused) on its own. */
@ApiTags('finder')
@PaidRoute()
@RequiresScope('finder')
@AcceptsKeyKinds('test')
@Controller('v1/finder/batch')
export class FindBatchController {
  constructor(
    private readonly batch: FindBatchService,
    private readonly gate: IdempotencyGate,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'FinderController_findBatch',
    summary: 'Up to 100 contacts at once, synchronously; invalid contacts get a per-item error',
  })
  @ApiHeader(IDEMPOTENCY_HEADER_DOC)
  @ApiEnvelope(FinderBatchModel)
  @ApiErrors(400, 401, 402, 409, 429)
  async findBatch(
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
    const claim = await claimOnce<FinderBatchView>(this.gate, request);
    if (claim.replayed) return claim.data;
    return claim.answer(this.batch.find(principal, body.contacts, claim.attempt));
  }
}
