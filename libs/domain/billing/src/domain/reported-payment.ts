import type { OrderState } from './order.decider';

/** Every order is priced and paid in US dollars (the catalogue's prices are in USD cents). */
export const ORDER_CURRENCY = 'usd';

/** What a processor says was paid (or failed): the payment's id, its amount in cents and its currency. */
export interface ReportedPayment {
  paymentIntentId: string;
  amountCents: number;
  currency: string;
}

/**
 * Why a processor's report is not the payment of this order, or null when it is: the order's own
 * payment (once placed, its id is recorded), for exactly its price in its currency. A payment that
 * names an order in its metadata is not enough: whoever can create payments on the processor account
 * can name any order, with any amount. An order only quoted has no payment id yet: its price decides.
 */
export function reportedPaymentMismatch(state: OrderState, payment: ReportedPayment): string | null {
  if (state.status === 'none') return null; // unknown orders are refused on their own
  const priced = state.status === 'quoted' ? state.quote : state.order;
  if (state.status !== 'quoted' && state.order.processorPaymentIntentId !== payment.paymentIntentId)
    return `payment ${payment.paymentIntentId} is not the order's (${state.order.processorPaymentIntentId})`;
  if (payment.currency.toLowerCase() !== ORDER_CURRENCY)
    return `paid in ${payment.currency}, the order is priced in ${ORDER_CURRENCY}`;
  const priceCents = Math.round(priced.finalAmountUsd * 100);
  if (payment.amountCents !== priceCents) return `paid ${payment.amountCents} cents, the order costs ${priceCents}`;
  return null;
}
