import type { OrderQuoted } from './order.events';

export type QuoteOrder = { type: 'QuoteOrder'; order: Omit<OrderQuoted['data'], 'quotedAt'>; at: string };
/** The payment exists at the processor: the quoted order becomes Pending with its id. */
export type PlaceOrder = { type: 'PlaceOrder'; processorPaymentIntentId: string; at: string };
export type CompleteOrder = { type: 'CompleteOrder'; processorChargeId: string; at: string };
export type FailOrder = { type: 'FailOrder'; failureReason: string; at: string };
export type MarkOrderCredited = { type: 'MarkOrderCredited'; invoiceNumber: string; transactionId: string; at: string };

export type OrderCommand = QuoteOrder | PlaceOrder | CompleteOrder | FailOrder | MarkOrderCredited;
