/**
 * Order.status values (the spec leaves them open). Orders are paid outside the API and only
 * recorded here once completed, so today every stored order is Completed; the other values are
 * reserved so the numbers never change when pending or refunded orders are recorded too.
 */
export const OrderStatus = {
  Pending: 1,
  Completed: 2,
  Failed: 3,
  Refunded: 4,
} as const;

export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus];
