import { Body, Headers, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Clock, newNumericId } from '@lib/common';
import { RecordOrderCommand, type OrderView } from '@lib/billing';
import { IdempotencyGate, requestFingerprint, type IdempotentAttempt } from '@lib/idempotency';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { OrderModel } from '../../credits/shared/order.models';
import { claimOnce, IDEMPOTENCY_HEADER_DOC } from '../../idempotency/answer-once';
import { AdminController } from '../shared/admin-controller.decorator';
import { RecordOrderDto } from './record-order.dto';

/**
 * Top-ups happen outside the public API: the dashboard side records paid orders here, once per
 * Idempotency-Key (the order id is bound to the key first, so a retry after a crash finishes the same
 * order) and once per payment reference (another order for the same paymentIntentId: 409 code 2017).
 */
@AdminController('admin/v1/accounts/:accountId/orders')
export class RecordOrderController {
  constructor(
    private readonly commands: CommandBus,
    private readonly gate: IdempotencyGate,
    private readonly clock: Clock,
  ) {}

  @Post()
  @ApiOperation({
    operationId: 'AdminCreditsController_recordOrder',
    summary:
      'Record a completed order for a package: the next invoice number of the one sequence, its credits (plus bonus) added once',
  })
  @ApiHeader({
    ...IDEMPOTENCY_HEADER_DOC,
    description: `${IDEMPOTENCY_HEADER_DOC.description} A retry after the first request died records the same order. A paymentIntentId already recorded for another order: 409 code 2017.`,
  })
  @ApiEnvelope(OrderModel, 201)
  @ApiErrors(400, 401, 404, 409)
  async recordOrder(
    @Param('accountId') accountId: string,
    @Body() body: RecordOrderDto,
    @Headers('idempotency-key') rawKey: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const requestHash = requestFingerprint('admin.record-order', { accountId, ...body });
    const claim = await claimOnce<OrderView>(this.gate, { accountId, rawKey, reply, requestHash });
    if (claim.replayed) return claim.data;
    return claim.answer(this.recordOnce(accountId, body, claim.attempt));
  }

  /** Under a key, the order id is bound to it before anything is written (without one, the command picks it). */
  private async recordOnce(accountId: string, body: RecordOrderDto, attempt: IdempotentAttempt | undefined) {
    const orderId = attempt ? (attempt.supersededWork ?? String(newNumericId(this.clock.now()))) : undefined;
    if (attempt && orderId) await attempt.bind(orderId);
    return this.commands.execute(
      new RecordOrderCommand(accountId, body.packageId, body.promotionId ?? null, body, orderId),
    );
  }
}
