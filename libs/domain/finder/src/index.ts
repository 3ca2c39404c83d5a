// The public surface of finder: its modules, the find-one / find-batch services and the finder-job
// use cases, and the events other libs read (with the upcasters that read them). Tests and benches
// reach the engine, its port, the streams and read models through @lib/finder/testing.
export { FinderModule } from './finder.module';
export { FinderReadModelModule } from './finder-read-model.module';
export { FinderJobsModule } from './finder-jobs.module';
export { FinderJobsWorkerModule } from './finder-jobs-worker.module';
export { FindOneService } from './find-one/find-one.service';
export type { FinderResultView } from './shared/finder-result.view';
export { FindBatchService, type FinderBatchView } from './find-batch/find-batch.service';
export { FinderJobCreation } from './create-finder-job/finder-job-creation';
export type { RequestedColumns } from './create-finder-job/finder-columns';
export type { FinderJobKind } from './shared/finder-job-kind';
export { FINDER_JOB_CANCEL } from './cancel-finder-job/finder-job-cancel';
export { FinderJobDownloads } from './download-finder-job/finder-job-download.service';
export { FinderJobQueries } from './query-finder-jobs/finder-job.queries';
export { FINDER_JOB_FILES } from './shared/finder-job-files';
export { knownAddressesErasure } from './known-addresses/known-addresses.erasure';
export type { FinderCallEvent } from './domain/finder-call.events';
export { FINDER_JOB_UPCASTERS } from './domain/finder-job.upcast';
export { FINDER_CALL_UPCASTERS } from './domain/finder-call.upcast';
export { FINDER_PERSONAL_DATA } from './domain/finder-personal-data';
export { FINDER_CHUNK_MESSAGE_PERSONAL_DATA } from './process-finder-chunk/finder-chunk-message-personal-data';
export type { FinderJobEvent } from './domain/finder-job.events';
export type { FinderReason } from './domain/finder-outcome';
export { FINDER_CALL_ANALYTICS, FINDER_JOB_ANALYTICS } from './domain/finder-analytics';
