// For tests only (production code never imports it: a layer rule refuses it): the sweeper the retention
// specs run by hand and the CSV reader specs parse downloads with.
export { JobRetentionSweeper } from '../purge-job-files/job-retention.sweeper';
export { readCsvRecords } from '../csv/csv-record-reader';
