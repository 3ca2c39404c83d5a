// For tests only (production code never imports it: a layer rule refuses it): the decider and the
// projection the retention spec replays, the read model it inspects, the bus topics the
// multi-process cluster watches, and the bulk kind's chunk plug-in a test runs deliveries of by hand.
export { verificationJobDecider } from '../domain/verification-job.decider';
export { verificationJobsProjection } from '../query-jobs/jobs.projection';
export { VERIFICATION_JOB_RESULTS_COLLECTION } from '../query-jobs/verification-job.documents';
export { VERIFICATION_CHUNK_TOPIC, verificationRetryTopic } from '../process-chunk/chunk-message';
export { VerificationChunkProcessor } from '../process-chunk/chunk-processor';
