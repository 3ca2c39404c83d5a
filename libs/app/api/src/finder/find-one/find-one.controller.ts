import { Body, Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Principal } from '@lib/accounts';
import { FindOneService, type FinderResultView } from '@lib/finder';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { CurrentPrincipal, PaidRoute, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { claimOnce, IDEMPOTENCY_HEADER_DOC } from '../../idempotency/answer-once';
import { IdempotencyGate, requestFingerprint } from '@lib/idempotency';
import { FinderRequestDto, FinderResultModel } from './find-one.dto';

/**
 * One contact's address (POST /v1/finder, also at /v1/finder/single). The class keeps its old name:
 * the routes' operationIds (FinderController_find[0], [1]) are derived from it, and an explicit
 * operationId cannot name two paths of one handler apart.
 */
@ApiTags('finder')
@PaidRoute()
@RequiresScope('finder')
@AcceptsKeyKinds('test')
@Controller('v1/finder')
export class FinderController {
  constructor(
    private readonly one: FindOneService,
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
  async find(
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
    const claim = await claimOnce<FinderResultView>(this.gate, request);
    if (claim.replayed) return claim.data;
    return claim.answer(this.one.find(principal, body as never, claim.attempt));
  }
}
