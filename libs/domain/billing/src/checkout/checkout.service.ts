import { Injectable } from '@nestjs/common';
import { Clock, DomainError, newNumericId } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { CreditCatalogue } from '@lib/catalogue';
import { PaymentProcessor } from '../payment-processor.port';
import { SavedPaymentMethods } from '../save-payment-method/saved-payment-methods';
import { OpenedAccounts } from '@lib/ledger';
import { ReadModelFreshness } from '@lib/platform';
import { orderDecider, OrderState, orderStream, PlacedOrderState } from '../domain/order.decider';
import { OrderQuoted } from '../domain/order.events';
import { OrderSettlement } from '../settle-order/order-settlement';
import { CREDIT_ORDERS_COLLECTION } from '../list-orders/credit-orders.projection';

export interface CheckoutResult {
  orderId: string;
  status: 'Pending' | 'Completed' | 'Failed';
  processor: string;
  processorPaymentIntentId: string;
  clientSecret: string | null;
  failureReason: string | null;
}

const STATUS = { pending: 'Pending', completed: 'Completed', failed: 'Failed' } as const;

/**
 * A purchase of a catalogue package: fixes its price (OrderQuoted), creates the payment, records the
 * order (OrderPlaced) and applies any outcome known at once. Repeated with the same order id (a retried
 * request under one Idempotency-Key, a redelivered automatic top-up, a retry after a crash) it quotes
 * nothing again: before the order is placed it pays the quoted amounts (processors are idempotent on the
 * order id), after that it answers the same order and payment, asking the processor for the payment's
 * state and finishing whatever a crash left undone.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly events: EventStore,
    private readonly accounts: OpenedAccounts,
    private readonly catalogue: CreditCatalogue,
    private readonly processor: PaymentProcessor,
    private readonly settlement: OrderSettlement,
    private readonly savedMethods: SavedPaymentMethods,
    private readonly clock: Clock,
    private readonly freshness: ReadModelFreshness,
  ) {}

  newOrderId(): string {
    return String(newNumericId(this.clock.now()));
  }

  async checkout(
    accountId: string,
    packageId: number,
    promotionId: number | null,
    placedBy: string,
    isAutoTopup = false,
    orderId = this.newOrderId(),
  ): Promise<CheckoutResult> {
    await this.accounts.require(accountId);
    let state = await this.settlement.load(orderId);
    if (state.status === 'none') {
      const quote = this.catalogue.quote(packageId, promotionId, this.clock.nowIso());
      state = (
        await runCommand(this.events, orderStream(orderId), orderDecider, {
          type: 'QuoteOrder',
          order: { ...quote, orderId, accountId, processor: this.processor.name, isAutoTopup, placedBy },
          at: this.clock.nowIso(),
        })
      ).state;
    }
    const accountOf =
      state.status === 'quoted' ? state.quote.accountId : state.status === 'none' ? null : state.order.accountId;
    if (accountOf !== accountId) throw new DomainError('ORDER_NOT_FOUND');
    return state.status === 'quoted' ? this.pay(state.quote) : this.resume(state as PlacedOrderState);
  }

  /**
   * Waits until the orders list shows the order as its stream stands now (read-your-writes): the dashboard
   * lists its orders as soon as a checkout answers, and a paid order's invoice number comes with the order's
   * last event. false when the projector did not catch up within the wait.
   */
  async shownInOrders(orderId: string): Promise<boolean> {
    const [last] = await this.events.readStream(orderStream(orderId), { direction: 'backwards', maxCount: 1 });
    return (
      last !== undefined && this.freshness.waitForDocument(CREDIT_ORDERS_COLLECTION, orderId, last.position, 5_000)
    );
  }

  /**
   * An order that may have been left half-way (a lost webhook, a request that died after completion):
   * its payment's state asked of the processor and applied, a completed order credited. null for an
   * order whose payment was never recorded (only its request's retry can finish that one).
   */
  async recover(orderId: string): Promise<CheckoutResult | null> {
    const state = await this.settlement.load(orderId);
    return state.status === 'none' || state.status === 'quoted' ? null : this.resume(state);
  }

  /** An operator's decision on a manual order (admin API, CLI). */
  async settleManually(
    orderId: string,
    outcome: { kind: 'succeeded' } | { kind: 'failed'; reason: string },
  ): Promise<OrderState> {
    const state = await this.settlement.load(orderId);
    if (state.status === 'none' || state.status === 'quoted') throw new DomainError('ORDER_NOT_FOUND');
    if (state.order.processor !== 'manual') throw new DomainError('PAYMENT_PROCESSOR_MISMATCH');
    return outcome.kind === 'succeeded'
      ? this.settlement.complete(orderId, `manual_ch_${orderId}`)
      : this.settlement.fail(orderId, outcome.reason);
  }

  private async pay(quote: OrderQuoted['data']): Promise<CheckoutResult> {
    const { orderId, accountId, packageId, isAutoTopup } = quote;
    const savedMethod = (await this.savedMethods.state(accountId)).saved;
    const payment = await this.processor.createPayment({
      orderId,
      accountId,
      amountCents: Math.round(quote.finalAmountUsd * 100),
      description: `Credits package ${packageId} (order ${orderId})`,
      offSession: isAutoTopup,
      savedMethod,
    });
    await runCommand(this.events, orderStream(orderId), orderDecider, {
      type: 'PlaceOrder',
      processorPaymentIntentId: payment.paymentIntentId,
      at: this.clock.nowIso(),
    });
    return this.result(await this.settlement.apply(orderId, payment.outcome), payment.clientSecret);
  }

  private async resume(state: PlacedOrderState): Promise<CheckoutResult> {
    const { order } = state;
    const askable = order.processor === this.processor.name && order.processorPaymentIntentId !== '';
    const payment = askable
      ? await this.processor.retrievePayment(order.processorPaymentIntentId, order.isAutoTopup)
      : null;
    return this.result(
      await this.settlement.apply(order.orderId, payment?.outcome ?? { kind: 'pending' }),
      payment?.clientSecret ?? null,
    );
  }

  private result(state: OrderState, clientSecret: string | null): CheckoutResult {
    if (state.status === 'none' || state.status === 'quoted') throw new DomainError('ORDER_NOT_FOUND');
    const { order } = state;
    return {
      orderId: order.orderId,
      status: STATUS[state.status],
      processor: order.processor,
      processorPaymentIntentId: order.processorPaymentIntentId,
      clientSecret,
      failureReason: state.status === 'failed' ? state.failureReason : null,
    };
  }
}
