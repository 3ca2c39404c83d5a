// For tests only (production code never imports it: a layer rule refuses it): the sweeper the retention
// specs run by hand (and the expiry-notice stream they read back), the CSV reader specs parse downloads with,
// and the synthetic uploads benchmarks parse.
export { JobRetentionSweeper } from '../purge-job-files/job-retention.sweeper';
export { filesExpiryNoticeStream } from '../domain/files-expiry-notice';
export { readCsvRecords } from '../csv/csv-record-reader';
export { syntheticCsv } from '../csv/synthetic-csv';
export { limitBytes } from '../csv/limit-bytes';
