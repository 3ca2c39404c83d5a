import { Body, Headers, Post, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CheckoutService, type CheckoutResult } from '@lib/billing';
import { DashboardPrincipal } from '@lib/identity';
import { requireManager } from '@lib/teams';
import { IdempotencyGate, requestFingerprint, type IdempotentAttempt } from '@lib/idempotency';
import { ApiEnvelope, ApiErrors } from '@lib/http-host';
import { claimOnce, IDEMPOTENCY_HEADER_DOC } from '../../idempotency/answer-once';
import { CurrentUser } from '../session/dashboard.decorators';
import { DashboardController } from '../session/dashboard-controller.decorator';
import { CheckoutDto, CheckoutModel } from './checkout.dto';

/** Buying credits for the team (owner or admin) with the configured payment processor, once per idempotency key. */
@DashboardController('dashboard/v1/billing')
export class CheckoutController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly gate: IdempotencyGate,
  ) {}

  @Post('checkout')
  @ApiOperation({
    operationId: 'DashboardBillingController_buy',
    summary: 'Buy a package (owner or admin): creates a Pending order and its payment; Completed adds the credits once',
  })
  @ApiHeader({
    ...IDEMPOTENCY_HEADER_DOC,
    description: `${IDEMPOTENCY_HEADER_DOC.description} A retry after the first request died buys the same order: same amounts, same payment, never a second one.`,
  })
  @ApiEnvelope(CheckoutModel, 201)
  @ApiErrors(400, 401, 403, 404, 409)
  async buy(
    @CurrentUser() user: DashboardPrincipal,
    @Body() body: CheckoutDto,
    @Headers('idempotency-key') rawKey: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    requireManager(user);
    const promotionId = body.promotionId ?? null;
    const requestHash = requestFingerprint('dashboard.checkout', {
      userId: user.userId,
      packageId: body.packageId,
      promotionId,
    });
    const claim = await claimOnce<CheckoutResult>(this.gate, { accountId: user.accountId, rawKey, reply, requestHash });
    if (claim.replayed) return claim.data;
    return claim.answer(this.buyOnce(user, body.packageId, promotionId, claim.attempt));
  }

  /** The order id is bound to the key before anything is bought, so a retry of a request that died finishes that order. */
  private async buyOnce(
    user: DashboardPrincipal,
    packageId: number,
    promotionId: number | null,
    attempt: IdempotentAttempt | undefined,
  ): Promise<CheckoutResult> {
    const orderId = attempt?.supersededWork ?? this.checkout.newOrderId();
    await attempt?.bind(orderId);
    const result = await this.checkout.checkout(user.accountId, packageId, promotionId, user.userId, false, orderId);
    // The page reads its orders list next: answer once the list shows the order as it now stands.
    await this.checkout.shownInOrders(orderId);
    return result;
  }
}
