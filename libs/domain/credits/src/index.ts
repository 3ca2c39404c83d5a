// The public surface of credits: its modules, commands and queries (with their results), the ledger
// and paid-call services other libs charge through, the payment services the API wires, and the
// events other libs read (with the upcasters that read them). Tests reach the sweepers, streams and
// read models through @lib/credits/testing.
export { CreditsModule } from './credits.module';
export { CreditHoldSweeperModule } from './holds/credit-hold-sweeper.module';
export { GrantCreditsCommand } from './grant-credits/grant-credits.command';
export { ResetTestBalanceCommand } from './reset-test-balance/reset-test-balance.command';
export { TEST_BALANCE_MAX, TEST_STARTING_BALANCE } from './domain/test-balance';
export { AdjustCreditsCommand } from './adjust-credits/adjust-credits.command';
export { RecordOrderCommand } from './record-order/record-order.command';
export { GetBalanceQuery, type BalanceView } from './get-balance/get-balance.query';
export {
  ListTransactionsQuery,
  TRANSACTION_TYPES,
  type TransactionType,
  type TransactionView,
} from './list-transactions/list-transactions.query';
export { ListOrdersQuery, type OrderPage, type OrderView } from './list-orders/list-orders.query';
export { AuditLedgerQuery, type AuditedReadModel, type LedgerAudit } from './audit-ledger/audit-ledger.query';
export { ListLedgerAccountsQuery } from './audit-ledger/list-ledger-accounts.query';
export type { ReadModelStatus } from './audit-ledger/ledger-comparison';
export type { AuditLine } from './domain/ledger-audit';
export { CreditLedger, type LedgerView } from './ledger/credit-ledger.service';
export { creditsRemaining } from './ledger/credits-remaining';
export { ChargingKeys, type ChargingKey } from './charging-keys/charging-keys';
export { HeldCredits, PaidCalls, type PaidCallHold, type Resumed } from './paid-calls/paid-calls';
export { CheckoutService, type CheckoutResult } from './checkout/checkout.service';
export { OrderRecoveryModule } from './recover-orders/order-recovery.module';
export { AutoTopupService, type AutoTopupOutcome } from './auto-topup/auto-topup.service';
export { ConfigureAutoTopupCommand, GetAutoTopupQuery } from './configure-auto-topup/configure-auto-topup.command';
export { CreditCatalogue } from './catalogue/credit-catalogue';
export { StripeWebhooks } from './payments/stripe-webhooks';
export { StripePaymentMethodSetup } from './payments/stripe-payment-method-setup';
export { HoldSweepObserver, type HoldSweepOutcome } from './holds/hold-sweep-observer';
export { RecordedWorkCharges, STILL_WORKING } from './holds/recorded-work-charges';
export { HOLD_PURPOSES, type JobChunkPurpose, type PaidCallPurpose } from './domain/credit-ledger.commands';
export { CREDIT_LEDGER_UPCASTERS } from './domain/credit-ledger.upcast';
export type { CreditLedgerEvent } from './domain/credit-ledger.events';
export type { OrderEvent } from './domain/order.events';
export type { PaymentMethodEvent } from './domain/payment-method.events';
