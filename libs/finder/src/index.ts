// The public surface of finder: its modules, the find-one / find-batch services and the finder-job
// use cases, the engine and its ports, the events other libs read, and the read models the apps
// still query directly (known addresses, finder-job results).
export { FinderModule } from './finder.module';
export { FinderReadModelModule } from './finder-read-model.module';
export { FinderJobsModule } from './finder-jobs.module';
export { FinderJobsWorkerModule } from './finder-jobs-worker.module';
export { FindOneService } from './find-one/find-one.service';
export { FindBatchService } from './find-batch/find-batch.service';
export { FinderJobCreation } from './create-finder-job/finder-job-creation';
export type { RequestedColumns } from './create-finder-job/finder-columns';
export { FINDER_JOB_CANCEL } from './cancel-finder-job/finder-job-cancel';
export { FinderJobDownloads } from './download-finder-job/finder-job-download.service';
export { FinderJobQueries } from './query-finder-jobs/finder-job.queries';
export type { FinderJobView } from './query-finder-jobs/finder-job.view';
export { FINDER_JOB_FILES } from './shared/finder-job-files';
export { EmailFinder } from './domain/find-email';
export { DomainFormatSource, type KnownAddressRecord } from './finder.ports';
export { FINDER_PRICE, finderCallDecider, finderCallStream } from './domain/finder-call.decider';
export type { FinderCallEvent } from './domain/finder-call.events';
export { finderBatchStream, type FinderBatchAnswered } from './domain/finder-batch.events';
export { FINDER_JOB_UPCASTERS } from './domain/finder-job.upcast';
export { FINDER_CALL_UPCASTERS } from './domain/finder-call.upcast';
export type { FinderJobEvent } from './domain/finder-job.events';
export type { FinderReason } from './domain/finder-outcome';
export { validateFinderInput } from './domain/input/finder-input';
export { normaliseName } from './domain/naming/normalise-name';
export { generateCandidates } from './domain/candidates/generate-candidates';
export type { PatternName } from './domain/candidates/email-patterns';
export { KNOWN_ADDRESSES_COLLECTION } from './known-addresses/known-addresses.projection';
export { FINDER_JOB_RESULTS_COLLECTION } from './query-finder-jobs/finder-job.projection';
