// For tests and benchmarks only (production code never imports it: a layer rule refuses it). What a
// test drives or inspects directly: the recovery sweeper it runs by hand, the Stripe adapter it points at
// stripe-mock, and the streams and order read model it reads.
export { OrderRecoverySweeper } from '../recover-orders/order-recovery.sweeper';
export { NO_SAVED_PAYMENT_METHOD, stripeClient, StripePaymentProcessor } from '../stripe/stripe-payment-processor';
export { autoTopupSettingsStream } from '../domain/auto-topup';
export { paymentMethodsStream } from '../domain/payment-method.events';
export { CREDIT_ORDERS_COLLECTION, type CreditOrderDoc } from '../list-orders/credit-orders.projection';
