import { Injectable } from '@nestjs/common';
import { Clock, DomainError } from '@lib/common';
import { aggregateStream, EventStore, runCommand, type UpcastEvent, findSince } from '@lib/eventstore';
import { CreditLedger } from '@lib/ledger';
import type { PaymentOutcome } from '../payment-processor.port';
import { INVOICE_SEQUENCE_STREAM, invoiceSequenceDecider, type InvoiceIssued } from '../domain/invoice-sequence';
import { orderDecider, OrderState, orderStream, PlacedOrderState } from '../domain/order.decider';
import { orderCreditSource } from '../domain/order-credit-source';

/**
 * How far before the order's completion the checks below look for a step already taken: covers the
 * clock difference between the event store's nodes.
 */
const SCAN_MARGIN_MS = 10 * 60_000;

/**
 * Applies a processor's outcome to an order. Completion is recorded once on the order stream; then the
 * invoice number is issued, the credits added and the order marked credited. Whoever sees the order
 * completed and not yet credited does those steps (the first delivery, a redelivered outcome, a repeated
 * checkout, the recovery sweep), at once, however many do it together: each step checks whether it
 * already happened and appends with the revision it checked, so a concurrent twin makes the append
 * conflict and the check run again. Nothing is done twice, and a crash between steps is healed by the
 * next one who looks.
 */
@Injectable()
export class OrderSettlement {
  constructor(
    private readonly events: EventStore,
    private readonly ledger: CreditLedger,
    private readonly clock: Clock,
  ) {}

  /** An outcome from a processor (created payment, retrieved payment): `pending` only finishes what a crash left. */
  async apply(orderId: string, outcome: PaymentOutcome): Promise<OrderState> {
    if (outcome.kind === 'succeeded') return this.complete(orderId, outcome.chargeId);
    if (outcome.kind === 'failed') return this.fail(orderId, outcome.reason);
    return this.finish(orderId, await this.load(orderId));
  }

  async complete(orderId: string, processorChargeId: string): Promise<OrderState> {
    const result = await runCommand(this.events, orderStream(orderId), orderDecider, {
      type: 'CompleteOrder',
      processorChargeId,
      at: this.clock.nowIso(),
    });
    return this.finish(orderId, result.state);
  }

  async fail(orderId: string, failureReason: string): Promise<OrderState> {
    const result = await runCommand(this.events, orderStream(orderId), orderDecider, {
      type: 'FailOrder',
      failureReason: failureReason.slice(0, 500),
      at: this.clock.nowIso(),
    });
    return this.finish(orderId, result.state);
  }

  /**
   * The processor reports on a payment for an order that is only quoted: its request died between creating
   * the payment and recording it, and nothing else will record it. Placed now with that payment's id, so the
   * outcome can be applied (a charge made off-session is never left uncredited). Refused as unknown when the
   * payment names another account.
   */
  async placeReported(orderId: string, accountId: string, processorPaymentIntentId: string): Promise<void> {
    const state = await this.load(orderId);
    if (state.status !== 'quoted') return;
    if (state.quote.accountId !== accountId) throw new DomainError('ORDER_NOT_FOUND');
    await runCommand(this.events, orderStream(orderId), orderDecider, {
      type: 'PlaceOrder',
      processorPaymentIntentId,
      at: this.clock.nowIso(),
    });
  }

  async load(orderId: string): Promise<OrderState> {
    return (await aggregateStream(this.events, orderStream(orderId), orderDecider)).state;
  }

  /** Credits a completed order that is not credited yet; any other state is returned as it is. */
  private async finish(orderId: string, state: OrderState): Promise<OrderState> {
    if (state.status !== 'completed' || state.credited) return state;
    return this.credit(state, await this.scanFrom(orderId));
  }

  private async credit(state: PlacedOrderState, since: string): Promise<OrderState> {
    const { order } = state;
    const invoiceNumber = await this.invoiceFor(order.orderId, since);
    const transactionId = `order-${order.orderId}`;
    await this.ledger.grantOnce(
      order.accountId,
      order.creditsPurchased,
      order.bonusCredits,
      orderCreditSource(state, invoiceNumber),
      transactionId,
      since,
    );
    return (
      await runCommand(this.events, orderStream(order.orderId), orderDecider, {
        type: 'MarkOrderCredited',
        invoiceNumber,
        transactionId,
        at: this.clock.nowIso(),
      })
    ).state;
  }

  /** The order's invoice number: the one already issued to it, or the next of the sequence (checked and appended atomically). */
  private async invoiceFor(orderId: string, since: string): Promise<string> {
    let issued = null as UpcastEvent<InvoiceIssued> | null;
    const result = await runCommand(
      this.events,
      INVOICE_SEQUENCE_STREAM,
      invoiceSequenceDecider,
      { type: 'IssueInvoice', orderId, at: this.clock.nowIso() },
      {
        load: 'last',
        skipIf: async () =>
          (issued = await findSince(
            this.events,
            INVOICE_SEQUENCE_STREAM,
            invoiceSequenceDecider.upcasters,
            since,
            (e) => e.data.orderId === orderId,
          )) !== null,
      },
    );
    return issued ? issued.data.invoiceNumber : result.events[0].data.invoiceNumber;
  }

  /**
   * Steps of an order's crediting are all recorded after its completion (store time), less the margin: the
   * look-back covers what happened since the outcome arrived, however long the order waited for it.
   */
  private async scanFrom(orderId: string): Promise<string> {
    const recorded = await this.events.readStream(orderStream(orderId), { direction: 'backwards', maxCount: 10 });
    const completed = recorded.find((e) => e.type === 'OrderCompleted') ?? recorded[recorded.length - 1];
    return new Date(Date.parse(completed.recordedAt) - SCAN_MARGIN_MS).toISOString();
  }
}
