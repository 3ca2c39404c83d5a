import type { OrderPlaced } from './order.events';

export type PlaceOrder = { type: 'PlaceOrder'; order: Omit<OrderPlaced['data'], 'placedAt'>; at: string };
export type CompleteOrder = { type: 'CompleteOrder'; processorChargeId: string; at: string };
export type FailOrder = { type: 'FailOrder'; failureReason: string; at: string };
export type MarkOrderCredited = { type: 'MarkOrderCredited'; invoiceNumber: string; transactionId: string; at: string };

export type OrderCommand = PlaceOrder | CompleteOrder | FailOrder | MarkOrderCredited;
