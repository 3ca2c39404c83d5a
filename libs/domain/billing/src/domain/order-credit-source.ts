import type { OrderSource } from '@lib/ledger';
import type { PlacedOrderState } from './order.decider';

/**
 * The source the ledger records when it credits an order (CreditsAdded), which the order list also shows:
 * built here once, so the grant and an operator's answer cannot describe one order two ways. The field
 * order is what CreditsAdded events have always stored.
 */
export function orderCreditSource(state: PlacedOrderState, invoiceNumber: string): OrderSource {
  const { order } = state;
  return {
    kind: 'order',
    orderId: order.orderId,
    packageId: order.packageId,
    promotionId: order.promotionId,
    amountUsd: order.amountUsd,
    discountUsd: order.discountUsd,
    finalAmountUsd: order.finalAmountUsd,
    unitPriceUsd: order.unitPriceUsd,
    invoiceNumber,
    processorPaymentIntentId: order.processorPaymentIntentId,
    processorChargeId: state.processorChargeId ?? '',
    isAutoTopup: order.isAutoTopup,
    createdAt: order.placedAt,
  };
}
