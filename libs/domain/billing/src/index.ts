// The public surface of billing: its modules, commands and queries, and the workflow services the API, the CLI
// and the worker's top-up consumer call (checkout, automatic top-up, Stripe's webhooks and saved cards). Tests
// reach the recovery sweeper, the Stripe adapter, the streams and the order read model through @lib/billing/testing.
export { BillingModule } from './billing.module';
export { OrderRecoveryModule } from './recover-orders/order-recovery.module';
export { RecordOrderCommand } from './record-order/record-order.command';
export { ListOrdersQuery, type OrderView } from './list-orders/list-orders.query';
export { CheckoutService, type CheckoutResult } from './checkout/checkout.service';
export { AutoTopupService } from './trigger-auto-topup/auto-topup.service';
export { ConfigureAutoTopupCommand, GetAutoTopupQuery } from './configure-auto-topup/configure-auto-topup.command';
export { StripeWebhooks } from './receive-stripe-webhook/stripe-webhooks';
export { StripePaymentMethodSetup } from './save-payment-method/stripe-payment-method-setup';
