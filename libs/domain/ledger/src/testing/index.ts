// For tests and benchmarks only (production code never imports it: a layer rule refuses it). What a
// test drives or inspects directly: the hold sweeper it runs by hand, the ledger stream and read models it
// reads, and the ledger replay it checks.
export { ExpiredHoldSweeper } from '../sweep-expired-holds/expired-hold.sweeper';
export { creditLedgerStream } from '../domain/credit-ledger.decider';
export { auditLedger } from '../domain/ledger-audit';
export { CREDIT_BALANCES_COLLECTION } from '../get-balance/credit-balances.projection';
export { CREDIT_OPEN_HOLDS_COLLECTION, type OpenHoldDoc } from '../sweep-expired-holds/credit-open-holds.projection';
