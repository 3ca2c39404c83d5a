// For tests and benchmarks only (production code never imports it: a layer rule refuses it). What a
// test drives or inspects directly: the sweepers it runs by hand, the streams and read models it
// reads, the ledger replay it checks, and the Stripe adapter it points at stripe-mock.
export { ExpiredHoldSweeper } from '../holds/expired-hold.sweeper';
export { OrderRecoverySweeper, type OrderRecoveryReport } from '../recover-orders/order-recovery.sweeper';
export { NO_SAVED_PAYMENT_METHOD, stripeClient, StripePaymentProcessor } from '../payments/stripe-payment-processor';
export { creditLedgerStream } from '../domain/credit-ledger.decider';
export { autoTopupSettingsStream } from '../domain/auto-topup';
export { paymentMethodsStream } from '../domain/payment-method.events';
export { auditLedger } from '../domain/ledger-audit';
export { CREDIT_BALANCES_COLLECTION } from '../get-balance/credit-balances.projection';
export { CREDIT_OPEN_HOLDS_COLLECTION, type OpenHoldDoc } from '../holds/credit-open-holds.projection';
export { CREDIT_ORDERS_COLLECTION, type CreditOrderDoc } from '../list-orders/credit-orders.projection';
