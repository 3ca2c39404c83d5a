import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, newNumericId } from '@lib/common';
import { EventStore, readEvents, runCommand } from '@lib/eventstore';
import { CreditCatalogue } from '@lib/catalogue';
import { orderViewFrom } from '../list-orders/credit-orders.projection';
import type { OrderView } from '../list-orders/list-orders.query';
import { OrderSettlement } from '../settle-order/order-settlement';
import { OpenedAccounts } from '@lib/ledger';
import { orderDecider, orderStream } from '../domain/order.decider';
import { orderCreditSource } from '../domain/order-credit-source';
import { paymentReferenceDecider, paymentReferenceStream } from '../domain/payment-reference.decider';
import { RecordOrderCommand } from './record-order.command';

/**
 * An order an operator records as paid (admin API, CLI) is an order like any other: placed on its own
 * stream with the manual processor, then completed through OrderSettlement, which issues the next
 * invoice number of the one gap-free sequence and adds the credits once. Its payment reference is claimed
 * first, so one payment is recorded as one order.
 */
@CommandHandler(RecordOrderCommand)
export class RecordOrderHandler implements ICommandHandler<RecordOrderCommand, OrderView> {
  constructor(
    private readonly catalogue: CreditCatalogue,
    private readonly settlement: OrderSettlement,
    private readonly events: EventStore,
    private readonly accounts: OpenedAccounts,
    private readonly clock: Clock,
  ) {}

  async execute(command: RecordOrderCommand): Promise<OrderView> {
    await this.accounts.require(command.accountId);
    const quote = this.catalogue.quote(command.packageId, command.promotionId, this.clock.nowIso());
    const orderId = command.orderId ?? String(newNumericId(this.clock.now()));
    const { payment } = command;
    // Before anything is placed: a payment recorded for another order is refused, however many ask at once.
    if (payment.paymentIntentId)
      await runCommand(this.events, paymentReferenceStream(payment.paymentIntentId), paymentReferenceDecider, {
        type: 'ClaimPaymentReference',
        paymentIntentId: payment.paymentIntentId,
        orderId,
        accountId: command.accountId,
        at: this.clock.nowIso(),
      });
    await runCommand(this.events, orderStream(orderId), orderDecider, {
      type: 'QuoteOrder',
      order: {
        ...quote,
        orderId,
        accountId: command.accountId,
        processor: 'manual',
        placedBy: 'operator',
        isAutoTopup: payment.isAutoTopup ?? false,
      },
      at: this.clock.nowIso(),
    });
    await runCommand(this.events, orderStream(orderId), orderDecider, {
      type: 'PlaceOrder',
      processorPaymentIntentId: payment.paymentIntentId ?? `manual_${orderId}`,
      at: this.clock.nowIso(),
    });
    const state = await this.settlement.complete(orderId, payment.chargeId ?? `manual_${orderId}`);
    const [credited] = await readEvents(this.events, orderStream(orderId), orderDecider.upcasters, {
      direction: 'backwards',
      maxCount: 1,
    });
    // Only this request knows the new order, so it completed and credited it (or threw on the way).
    if (state.status !== 'completed' || credited?.type !== 'OrderCredited')
      throw new Error(`order ${orderId} was not credited`);
    const { order } = state;
    return orderViewFrom(
      command.accountId,
      order.creditsPurchased,
      order.bonusCredits,
      orderCreditSource(state, credited.data.invoiceNumber),
      state.completedAt ?? credited.data.creditedAt,
    );
  }
}
