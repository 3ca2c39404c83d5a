// For tests only (production code never imports it: a layer rule refuses it): the decider and the
// projection the retention spec replays, the read model it inspects, the bus topics the
// multi-process cluster watches, and the bulk kind's chunk plug-in a test runs deliveries of by hand.
export { jobDecider } from '../domain/verification-job.decider';
export { jobsProjection } from '../query-jobs/jobs.projection';
export { JOB_RESULTS_COLLECTION } from '../query-jobs/verification-job.documents';
export { CHUNK_TOPIC, retryTopic } from '../process-chunk/chunk-message';
export { ChunkProcessor } from '../process-chunk/chunk-processor';
