import { documentProjection } from '@lib/readstore';
import { CREDIT_LEDGER_UPCASTERS, type CreditLedgerEvent, type OrderSource } from '@lib/ledger';
import { orderDecider } from '../domain/order.decider';
import { OrderStatus } from '../domain/order-status';
import { OrderEvent, ORDER_EVENT_TYPES } from '../domain/order.events';
import type { OrderView } from './list-orders.query';

export type CreditOrderDoc = OrderView & { _id: string; accountId: string; _position?: number };

export const CREDIT_ORDERS_COLLECTION = 'credit_orders';

/** Account ids are numeric strings (the spec's integer userId). */
export function orderViewFrom(
  accountId: string,
  credits: number,
  bonus: number,
  source: OrderSource,
  completedAt: string,
): OrderView {
  return {
    id: Number(source.orderId),
    userId: Number(accountId),
    packageId: source.packageId,
    promotionId: source.promotionId,
    creditsPurchased: credits,
    bonusCredits: bonus,
    totalCreditsAdded: credits + bonus,
    amountUsd: source.amountUsd,
    discountUsd: source.discountUsd,
    finalAmountUsd: source.finalAmountUsd,
    unitPriceUsd: source.unitPriceUsd,
    processorPaymentIntentId: source.processorPaymentIntentId,
    processorChargeId: source.processorChargeId,
    status: OrderStatus.Completed,
    failureReason: null,
    invoiceNumber: source.invoiceNumber,
    isAutoTopup: source.isAutoTopup,
    createdAt: source.createdAt,
    completedAt,
  };
}

/**
 * Orders placed through a processor appear as Pending (OrderPlaced) and move to Completed or Failed;
 * orders an operator records come straight from their CreditsAdded event. The ledger's CreditsAdded
 * for a processor order then fills the same document again, with the same values.
 */
export const creditOrdersProjection = documentProjection<CreditOrderDoc, CreditLedgerEvent | OrderEvent>({
  name: 'credit-orders',
  collection: CREDIT_ORDERS_COLLECTION,
  eventTypes: ['CreditsAdded', ...ORDER_EVENT_TYPES],
  // Two aggregates feed it; their stored type strings are distinct, so one map holds both upcasters.
  upcasters: { ...CREDIT_LEDGER_UPCASTERS, ...orderDecider.upcasters },
  documentId: (event) => {
    if (event.type === 'CreditsAdded') return event.data.source.kind === 'order' ? event.data.source.orderId : null;
    return 'orderId' in event.data ? event.data.orderId : null;
  },
  evolve: (doc, event) => {
    if (event.type === 'CreditsAdded') {
      const data = event.data;
      if (data.source.kind !== 'order') return doc;
      return {
        _id: data.source.orderId,
        accountId: data.accountId,
        ...orderViewFrom(data.accountId, data.amount, data.bonus, data.source, data.at),
      };
    }
    switch (event.type) {
      case 'OrderQuoted':
        return doc; // not read (not in ORDER_EVENT_TYPES): an order shows once its payment exists
      case 'OrderPlaced': {
        const { orderId, accountId, processor: _processor, placedBy: _placedBy, placedAt, ...order } = event.data;
        return {
          _id: orderId,
          accountId,
          ...order,
          id: Number(orderId),
          userId: Number(accountId),
          processorChargeId: '',
          status: OrderStatus.Pending,
          failureReason: null,
          invoiceNumber: '',
          createdAt: placedAt,
          completedAt: null,
        };
      }
      case 'OrderCompleted':
        return (
          doc && {
            ...doc,
            status: OrderStatus.Completed,
            failureReason: null,
            processorChargeId: event.data.processorChargeId,
            completedAt: event.data.completedAt,
          }
        );
      case 'OrderFailed':
        return doc && { ...doc, status: OrderStatus.Failed, failureReason: event.data.failureReason };
      case 'OrderCredited':
        return doc && { ...doc, invoiceNumber: event.data.invoiceNumber };
      default:
        return doc; // the ledger's other events are not read (not in eventTypes)
    }
  },
});
