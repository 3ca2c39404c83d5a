import { Injectable } from '@nestjs/common';
import { Clock, DomainError, newNumericId } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { CreditCatalogue } from '../catalogue/credit-catalogue';
import { PaymentProcessor } from '../payments/payment-processor.port';
import { requireAccount } from './record-order.handler';
import { orderDecider, OrderState, orderStream } from './order.decider';
import { OrderSettlement } from './order-settlement';

export interface CheckoutResult {
  orderId: string;
  status: 'Pending' | 'Completed' | 'Failed';
  processor: string;
  processorPaymentIntentId: string;
  clientSecret: string | null;
  failureReason: string | null;
}

const STATUS = { pending: 'Pending', completed: 'Completed', failed: 'Failed' } as const;

/** A purchase of a catalogue package: prices it, creates the payment, records the order and applies any outcome known at once. */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly events: EventStore,
    private readonly catalogue: CreditCatalogue,
    private readonly processor: PaymentProcessor,
    private readonly settlement: OrderSettlement,
    private readonly clock: Clock,
  ) {}

  /** `orderId`: given by an automatic top-up, so a repeated attempt pays for the same order (processors are idempotent on it). */
  async checkout(accountId: string, packageId: number, promotionId: number | null, placedBy: string, isAutoTopup = false, orderId = String(newNumericId(this.clock.now()))): Promise<CheckoutResult> {
    await requireAccount(this.events, accountId);
    const quote = this.catalogue.quote(packageId, promotionId, this.clock.nowIso());
    const payment = await this.processor.createPayment({
      orderId, accountId, amountCents: Math.round(quote.finalAmountUsd * 100), description: `Credits package ${packageId} (order ${orderId})`, offSession: isAutoTopup,
    });
    let state: OrderState = (await runCommand(this.events, orderStream(orderId), orderDecider, {
      type: 'PlaceOrder',
      order: { ...quote, orderId, accountId, processor: this.processor.name, processorPaymentIntentId: payment.paymentIntentId, isAutoTopup, placedBy },
      at: this.clock.nowIso(),
    })).state;
    if (payment.outcome.kind === 'succeeded') state = await this.settlement.complete(orderId, payment.outcome.chargeId);
    if (payment.outcome.kind === 'failed') state = await this.settlement.fail(orderId, payment.outcome.reason);
    if (state.status === 'none') throw new DomainError('ORDER_NOT_FOUND');
    const failureReason = payment.outcome.kind === 'failed' ? payment.outcome.reason : null;
    return { orderId, status: STATUS[state.status], processor: this.processor.name, processorPaymentIntentId: payment.paymentIntentId, clientSecret: payment.clientSecret, failureReason };
  }

  /** An operator's decision on a manual order (admin API, CLI). */
  async settleManually(orderId: string, outcome: { kind: 'succeeded' } | { kind: 'failed'; reason: string }): Promise<OrderState> {
    const recorded = await this.events.readStream(orderStream(orderId), { maxCount: 1 });
    const placed = recorded[0]?.data as { processor?: string } | undefined;
    if (!placed) throw new DomainError('ORDER_NOT_FOUND');
    if (placed.processor !== 'manual') throw new DomainError('PAYMENT_PROCESSOR_MISMATCH');
    return outcome.kind === 'succeeded' ? this.settlement.complete(orderId, `manual_ch_${orderId}`) : this.settlement.fail(orderId, outcome.reason);
  }
}
