import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { CreditLedger } from '../credit-ledger.service';
import { creditLedgerStream } from '../domain/credit-ledger.decider';
import { findSince } from './find-since';
import { INVOICE_SEQUENCE_STREAM, invoiceSequenceDecider } from './invoice-sequence';
import { orderDecider, OrderState, orderStream } from './order.decider';

/** A completed order not credited this long after completion was left by a process that died mid-way. */
export const SETTLEMENT_RECOVERY_MS = 60_000;

type CompletedOrder = Exclude<OrderState, { status: 'none' }>;

/**
 * Applies a processor's outcome to an order. Completion is recorded once on the order stream; the
 * request that recorded it then issues the invoice number, adds the credits and marks the order
 * credited. Each step first looks whether it already happened, so a repeat after a crash (an
 * outcome delivered again, or the operator confirming again, after SETTLEMENT_RECOVERY_MS) finishes
 * the job without doing any step twice.
 */
@Injectable()
export class OrderSettlement {
  constructor(private readonly events: EventStore, private readonly ledger: CreditLedger, private readonly clock: Clock) {}

  async complete(orderId: string, processorChargeId: string): Promise<OrderState> {
    const result = await runCommand(this.events, orderStream(orderId), orderDecider, { type: 'CompleteOrder', processorChargeId, at: this.clock.nowIso() });
    const state = result.state;
    if (state.status !== 'completed' || state.credited) return state;
    const won = result.events.length > 0;
    const abandoned = Date.parse(state.completedAt!) < this.clock.now() - SETTLEMENT_RECOVERY_MS;
    return won || abandoned ? this.credit(state as CompletedOrder) : state;
  }

  async fail(orderId: string, failureReason: string): Promise<OrderState> {
    return (await runCommand(this.events, orderStream(orderId), orderDecider, { type: 'FailOrder', failureReason: failureReason.slice(0, 500), at: this.clock.nowIso() })).state;
  }

  private async credit(state: CompletedOrder): Promise<OrderState> {
    const { order } = state;
    const since = state.completedAt!;
    const invoiceNumber = await this.invoiceFor(order.orderId, since);
    const transactionId = `order-${order.orderId}`;
    const credited = await findSince(this.events, creditLedgerStream(order.accountId), since, (e) => (e.data as { transactionId?: string }).transactionId === transactionId);
    if (!credited) {
      await this.ledger.grant(order.accountId, order.creditsPurchased, order.bonusCredits, {
        kind: 'order', orderId: order.orderId, packageId: order.packageId, promotionId: order.promotionId,
        amountUsd: order.amountUsd, discountUsd: order.discountUsd, finalAmountUsd: order.finalAmountUsd, unitPriceUsd: order.unitPriceUsd,
        invoiceNumber, processorPaymentIntentId: order.processorPaymentIntentId, processorChargeId: state.processorChargeId ?? '', isAutoTopup: order.isAutoTopup, createdAt: order.placedAt,
      }, transactionId);
    }
    return (await runCommand(this.events, orderStream(order.orderId), orderDecider, { type: 'MarkOrderCredited', invoiceNumber, transactionId, at: this.clock.nowIso() })).state;
  }

  private async invoiceFor(orderId: string, since: string): Promise<string> {
    const issued = await findSince(this.events, INVOICE_SEQUENCE_STREAM, since, (e) => e.data.orderId === orderId);
    if (issued) return issued.data.invoiceNumber;
    const result = await runCommand(this.events, INVOICE_SEQUENCE_STREAM, invoiceSequenceDecider, { type: 'IssueInvoice', orderId, at: this.clock.nowIso() }, { load: 'last' });
    return result.events[0].data.invoiceNumber;
  }
}
