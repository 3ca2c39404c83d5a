// For tests only (production code never imports it: a layer rule refuses it): the decider and the
// projection the retention spec replays, the read model it inspects, the sweeper it runs by hand,
// the CSV reader specs parse downloads with, and the bus topics the multi-process cluster watches.
export { jobDecider } from '../domain/job.decider';
export { jobsProjection } from '../query-jobs/jobs.projection';
export { JOB_RESULTS_COLLECTION } from '../query-jobs/job-document';
export { JobRetentionSweeper } from '../purge-job-files/job-retention.sweeper';
export { readCsvRecords } from '../csv/csv-record-reader';
export { CHUNK_TOPIC, retryTopic } from '../process-chunk/chunk-message';
