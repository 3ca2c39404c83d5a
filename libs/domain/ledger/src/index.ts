// The public surface of the ledger: its modules, commands and queries, the ledger and paid-call services other
// libs charge through, the hold sweeper's ports, and the ledger events other libs read (with the upcasters that
// read them). Tests reach the sweeper, the stream and the read models through @lib/ledger/testing.
export { LedgerModule } from './ledger.module';
export { CreditHoldSweeperModule } from './sweep-expired-holds/credit-hold-sweeper.module';
export { GrantCreditsCommand } from './grant-credits/grant-credits.command';
export { ResetTestBalanceCommand } from './reset-test-balance/reset-test-balance.command';
export { TEST_BALANCE_MAX, TEST_STARTING_BALANCE } from './domain/test-balance';
export { AdjustCreditsCommand } from './adjust-credits/adjust-credits.command';
export { GetBalanceQuery } from './get-balance/get-balance.query';
export {
  ListTransactionsQuery,
  TRANSACTION_TYPES,
  type TransactionType,
} from './list-transactions/list-transactions.query';
export { AuditLedgerQuery, type LedgerAudit } from './audit-ledger/audit-ledger.query';
export { ListLedgerAccountsQuery } from './audit-ledger/list-ledger-accounts.query';
export { CreditLedger } from './shared/credit-ledger.service';
export { OpenedAccounts } from './shared/opened-accounts';
export { creditsRemaining } from './charge-paid-calls/credits-remaining';
export { HeldCredits, PaidCalls } from './charge-paid-calls/paid-calls';
export { ChargingKeys, type ChargingKey } from './find-charging-key/charging-keys';
export { HoldSweepObserver, type HoldSweepOutcome } from './sweep-expired-holds/hold-sweep-observer';
export { RecordedWorkCharges, STILL_WORKING } from './sweep-expired-holds/recorded-work-charges';
export { HOLD_PURPOSES, type JobChunkPurpose, type PaidCallPurpose } from './domain/credit-ledger.commands';
export { CREDIT_LEDGER_UPCASTERS } from './domain/credit-ledger.upcast';
export type { CreditLedgerEvent, OrderSource } from './domain/credit-ledger.events';
