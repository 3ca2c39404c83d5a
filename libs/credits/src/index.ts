// The public surface of credits: its modules, commands and queries (with their results), the ledger
// and paid-call services other libs charge through, the payment adapters the apps wire, the events
// other libs read, and the read models the apps still query directly (balances, transactions, holds).
export { CreditsModule } from './credits.module';
export { CreditHoldSweeperModule } from './holds/credit-hold-sweeper.module';
export { GrantCreditsCommand } from './grant-credits/grant-credits.command';
export { AdjustCreditsCommand } from './adjust-credits/adjust-credits.command';
export { RecordOrderCommand } from './record-order/record-order.command';
export { GetBalanceQuery, type BalanceView } from './get-balance/get-balance.query';
export {
  ListTransactionsQuery,
  TRANSACTION_TYPES,
  type TransactionType,
  type TransactionView,
} from './list-transactions/list-transactions.query';
export { ListOrdersQuery, type OrderPage } from './list-orders/list-orders.query';
export { CREDIT_ORDERS_COLLECTION, type CreditOrderDoc, type OrderView } from './list-orders/credit-orders.projection';
export { CreditLedger, type LedgerView } from './ledger/credit-ledger.service';
export { creditsRemaining } from './ledger/credits-remaining';
export { PaidCalls, type PaidCall, type Resumed } from './paid-calls/paid-calls';
export { CheckoutService, type CheckoutResult } from './checkout/checkout.service';
export { OrderRecoveryModule } from './recover-orders/order-recovery.module';
export { OrderRecoverySweeper, type OrderRecoveryReport } from './recover-orders/order-recovery.sweeper';
export { AutoTopupService, type AutoTopupOutcome } from './auto-topup/auto-topup.service';
export { autoTopupSettingsStream } from './domain/auto-topup';
export { CreditCatalogue } from './catalogue/credit-catalogue';
export { NO_SAVED_PAYMENT_METHOD, stripeClient, StripePaymentProcessor } from './payments/stripe-payment-processor';
export { StripeWebhooks } from './payments/stripe-webhooks';
export { StripePaymentMethodSetup } from './payments/stripe-payment-method-setup';
export { ExpiredHoldSweeper } from './holds/expired-hold.sweeper';
export { HoldSweepObserver, type HoldSweepOutcome } from './holds/hold-sweep-observer';
export { RecordedWorkCharges, STILL_WORKING } from './holds/recorded-work-charges';
export { HOLD_PURPOSES, type JobChunkPurpose, type PaidCallPurpose } from './domain/credit-ledger.commands';
export { creditLedgerStream, heldTotal } from './domain/credit-ledger.decider';
export { CREDIT_LEDGER_UPCASTERS } from './domain/credit-ledger.upcast';
export type { CreditLedgerEvent, Holds } from './domain/credit-ledger.events';
export type { OrderEvent } from './domain/order.events';
export { paymentMethodsStream, type PaymentMethodEvent } from './domain/payment-method.events';
export { auditLedger, type AuditLine } from './domain/ledger-audit';
export { CREDIT_BALANCES_COLLECTION, type CreditBalanceDoc } from './get-balance/credit-balances.projection';
export {
  CREDIT_TRANSACTIONS_COLLECTION,
  type CreditTransactionDoc,
} from './list-transactions/credit-transactions.projection';
export { CREDIT_OPEN_HOLDS_COLLECTION, type OpenHoldDoc } from './holds/credit-open-holds.projection';
