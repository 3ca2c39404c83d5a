// The public surface of retention: each account's choice of how long its personal data is kept (within the
// operator's bounds), and the worker's sweep that shreds call history past it. docs/personal-data.md, Retention.
export { RetentionModule, HistoryRetentionModule } from './retention.module';
export { AccountRetention } from './account-retention/account-retention';
export { ChooseRetentionCommand, GetRetentionQuery } from './choose-retention/choose-retention.command';
export { HistoryRetentionSweeper } from './enforce-history/history-retention.sweeper';
export { HistoryRetentionEnforcer } from './enforce-history/history-retention.enforcer';
export type { EffectiveRetention } from './domain/effective-retention';
export type { RetentionEvent, RetentionChosen, HistoryRetentionEnforced } from './domain/retention.events';
export { retentionStream } from './domain/retention.events';
