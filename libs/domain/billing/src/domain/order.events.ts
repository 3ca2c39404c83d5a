import type { OrderQuote } from '@lib/catalogue';

// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
export type PaymentProcessorName = 'manual' | 'stripe';

/**
 * The order's price, fixed before its payment is created: a repeat of the checkout (a retried request,
 * a redelivered top-up) pays these amounts with the same order id instead of quoting again.
 */
export type OrderQuoted = {
  type: 'OrderQuoted';
  data: OrderQuote & {
    orderId: string;
    accountId: string;
    processor: PaymentProcessorName;
    isAutoTopup: boolean;
    placedBy: string;
    quotedAt: string;
  };
};
export type OrderPlaced = {
  type: 'OrderPlaced';
  data: OrderQuote & {
    orderId: string;
    accountId: string;
    processor: PaymentProcessorName;
    processorPaymentIntentId: string;
    isAutoTopup: boolean;
    placedBy: string;
    placedAt: string;
  };
};
/** The processor confirmed the payment; credits follow in OrderCredited. */
export type OrderCompleted = {
  type: 'OrderCompleted';
  data: { orderId: string; accountId: string; processorChargeId: string; completedAt: string };
};
export type OrderFailed = {
  type: 'OrderFailed';
  data: { orderId: string; accountId: string; failureReason: string; failedAt: string };
};
/** The order's credits are in the ledger under transactionId, with the invoice number it was given. */
export type OrderCredited = {
  type: 'OrderCredited';
  data: { orderId: string; accountId: string; invoiceNumber: string; transactionId: string; creditedAt: string };
};

export type OrderEvent = OrderQuoted | OrderPlaced | OrderCompleted | OrderFailed | OrderCredited;
export const ORDER_EVENT_TYPES: OrderEvent['type'][] = [
  'OrderPlaced',
  'OrderCompleted',
  'OrderFailed',
  'OrderCredited',
];
