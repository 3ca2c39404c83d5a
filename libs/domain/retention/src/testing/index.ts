// For tests only (production code never imports it: a layer rule refuses it): the history sweeper the
// retention spec runs by hand, and the account's retention stream it reads back.
export { HistoryRetentionSweeper } from '../enforce-history/history-retention.sweeper';
export { retentionStream } from '../domain/retention.events';
