// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
/** The processor's customer record for the account (Stripe Customer), created once. */
export type PaymentCustomerCreated = {
  type: 'PaymentCustomerCreated';
  data: { accountId: string; customerId: string; createdAt: string };
};
/** A payment method the customer set up for charges made without them (automatic top-up); the latest one is used. */
export type PaymentMethodSaved = {
  type: 'PaymentMethodSaved';
  data: { accountId: string; customerId: string; paymentMethodId: string; setupIntentId: string; savedAt: string };
};

export type PaymentMethodEvent = PaymentCustomerCreated | PaymentMethodSaved;

export const paymentMethodsStream = (accountId: string): string => `payment-methods-${accountId}`;
