// The public surface of retention: each account's choice of how long its personal data is kept (within the
// operator's bounds), and the worker's sweep that shreds call history past it. docs/personal-data.md, Retention.
export { RetentionModule, HistoryRetentionModule } from './retention.module';
export { AccountRetention } from './account-retention/account-retention';
export { ChooseRetentionCommand, GetRetentionQuery } from './choose-retention/choose-retention.command';
