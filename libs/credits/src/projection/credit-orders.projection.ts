import { documentProjection } from '@lib/readstore';
import { CreditsAdded, OrderSource } from '../domain/credit-ledger.events';
import { OrderStatus } from '../orders/order-status';
import type { OrderQuote } from '../catalogue/price-order';

/** An element of `items` in GET /v1/credits/orders: the spec's Order fields, the priced quote among them. */
export interface OrderView extends OrderQuote {
  id: number;
  userId: number;
  processorPaymentIntentId: string;
  processorChargeId: string;
  /** See OrderStatus: 1 Pending, 2 Completed, 3 Failed, 4 Refunded. */
  status: number;
  /** null unless the order failed. */
  failureReason: string | null;
  invoiceNumber: string;
  isAutoTopup: boolean;
  createdAt: string;
  completedAt: string | null;
}

export type CreditOrderDoc = OrderView & { _id: string; accountId: string; _position?: number };

export const CREDIT_ORDERS_COLLECTION = 'credit_orders';

/** Account ids are numeric strings (the spec's integer userId). */
export function orderViewFrom(accountId: string, credits: number, bonus: number, source: OrderSource, completedAt: string): OrderView {
  return {
    id: Number(source.orderId), userId: Number(accountId), packageId: source.packageId, promotionId: source.promotionId,
    creditsPurchased: credits, bonusCredits: bonus, totalCreditsAdded: credits + bonus,
    amountUsd: source.amountUsd, discountUsd: source.discountUsd, finalAmountUsd: source.finalAmountUsd, unitPriceUsd: source.unitPriceUsd,
    processorPaymentIntentId: source.processorPaymentIntentId, processorChargeId: source.processorChargeId,
    status: OrderStatus.Completed, failureReason: null, invoiceNumber: source.invoiceNumber, isAutoTopup: source.isAutoTopup,
    createdAt: source.createdAt, completedAt,
  };
}

export const creditOrdersProjection = documentProjection<CreditOrderDoc>({
  name: 'credit-orders',
  collection: CREDIT_ORDERS_COLLECTION,
  eventTypes: ['CreditsAdded'],
  documentId: (event) => {
    const source = (event.data as CreditsAdded['data']).source;
    return source.kind === 'order' ? source.orderId : null;
  },
  evolve: (_doc, recorded) => {
    const data = (recorded as unknown as CreditsAdded).data;
    if (data.source.kind !== 'order') return null;
    return { _id: data.source.orderId, accountId: data.accountId, ...orderViewFrom(data.accountId, data.amount, data.bonus, data.source, data.at) };
  },
});
