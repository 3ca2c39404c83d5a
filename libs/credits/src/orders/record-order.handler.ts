import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, DomainError, newNumericId } from '@lib/common';
import { accountStream } from '@lib/accounts';
import { EventStore } from '@lib/eventstore';
import { CreditCatalogue } from '../catalogue/credit-catalogue';
import { CreditLedger } from '../credit-ledger.service';
import { OrderSource } from '../domain/credit-ledger.events';
import { orderViewFrom, OrderView } from '../projection/credit-orders.projection';
import { RecordOrderCommand } from './record-order.command';

@CommandHandler(RecordOrderCommand)
export class RecordOrderHandler implements ICommandHandler<RecordOrderCommand, OrderView> {
  constructor(
    private readonly ledger: CreditLedger,
    private readonly catalogue: CreditCatalogue,
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute(command: RecordOrderCommand): Promise<OrderView> {
    await requireAccount(this.events, command.accountId);
    const createdAt = this.clock.nowIso();
    const quote = this.catalogue.quote(command.packageId, command.promotionId, createdAt);
    const orderId = newNumericId(this.clock.now());
    const source: OrderSource = {
      kind: 'order',
      orderId: String(orderId),
      packageId: quote.packageId,
      promotionId: quote.promotionId,
      amountUsd: quote.amountUsd,
      discountUsd: quote.discountUsd,
      finalAmountUsd: quote.finalAmountUsd,
      unitPriceUsd: quote.unitPriceUsd,
      invoiceNumber: `INV-${orderId}`,
      processorPaymentIntentId: command.payment.paymentIntentId ?? `manual_${orderId}`,
      processorChargeId: command.payment.chargeId ?? `manual_${orderId}`,
      isAutoTopup: command.payment.isAutoTopup ?? false,
      createdAt,
    };
    // The order id doubles as the transaction id, so the Added transaction points at its order.
    await this.ledger.grant(command.accountId, quote.creditsPurchased, quote.bonusCredits, source, `order-${orderId}`);
    return orderViewFrom(command.accountId, quote.creditsPurchased, quote.bonusCredits, source, this.clock.nowIso());
  }
}

/** Credits may only be added to an account that was opened (its stream exists in the event store). */
export async function requireAccount(events: EventStore, accountId: string): Promise<void> {
  const [opened] = await events.readStream(accountStream(accountId), { maxCount: 1 });
  if (!opened) throw new DomainError('ACCOUNT_NOT_FOUND');
}
