// The public surface of jobs: its modules, the job use cases (create, cancel, download, progress,
// chunk workflow, file purge) and the building blocks both job kinds share (the finder's job kind is
// built on them: stream, chunk bitmap, file purge rule, stored cells, CSV readers), and the events
// other libs read (with the upcasters that read them). Tests reach the decider, the projection, the
// read model and the bus topics through @lib/jobs/testing.
export { JobsModule } from './jobs.module';
export { JobsWorkerModule } from './jobs-worker.module';
export { JobLifecycleModule } from './job-lifecycle.module';
export { JobProgressModule } from './track-progress/job-progress.module';
export { ChunkWorkflowModule } from './process-chunk/chunk-workflow.module';
export { JobRetentionModule } from './purge-job-files/job-retention.module';
export { JobCreation, type JobCreationKind, type JobUploads } from './create-job/job-creation';
export {
  VerificationJobCreation,
  type CreateJobOptions,
  type VerificationJobKind,
} from './create-job/verification-job-creation';
export type { JobKindStream, JobKindTypes } from './job-kind';
export { stagedJobFile, type StagedUpload, type UploadInspection } from './create-job/upload-reuse';
export {
  CancelJobService,
  VERIFICATION_JOB_CANCEL,
  type CancellableJobKind,
  type JobReads,
} from './cancel-job/cancel-job.service';
export { JobDownloadService } from './download-job/job-download.service';
export { csvDownload, type RowResolver } from './download-job/csv-download';
export { assertFilesKept } from './download-job/files-kept';
export { storedCells, type CellsByName, type CellsByPosition, type ResultCells } from './download-job/stored-cells';
export { JobQueries } from './query-jobs/job-queries';
export { JobRecordedQuery } from './query-jobs/job-recorded.query';
export type { JobView } from './query-jobs/job-view';
export { ChunkProgressBoard } from './track-progress/chunk-progress-board';
export { commonJobView, type JobViewCommon, type ProgressFacts } from './track-progress/job-progress';
export { SSE_HEADERS, streamProgress, type ProgressSource } from './stream-progress/sse-progress';
export { ChunkWorkflow, type ChunkKind, type ChunkStatus, type PaidChunk } from './process-chunk/chunk-workflow';
export { scanJobStreamBackwards } from './process-chunk/job-stream-reader';
export { VERIFICATION_JOB_FILES, type PurgeableJobKind } from './purge-job-files/purgeable-job-kind';
export { jobStream } from './domain/job.decider';
export {
  assertNewJob,
  cancellableSnapshot,
  cancelledState,
  chunkRecordable,
  decideFailure,
  decideFilesPurge,
  endedState,
  isTerminal,
  jobCompleted,
  runningSnapshot,
  runningState,
  startableSnapshot,
  type JobKindEnding,
  type JobLifecycleState,
  type RunningSnapshot,
} from './domain/job-lifecycle';
export { JOB_UPCASTERS } from './domain/job.upcast';
export type { PurgeJobFiles } from './domain/job.commands';
export type {
  JobCaller,
  JobCompleted,
  JobEvent,
  JobFailed,
  JobFile,
  JobFilesPurged,
  JobStatus,
  JobSummary,
} from './domain/job.events';
export { chunksBitmap, countChunks, EMPTY_BITMAP, hasChunk, withChunk, type DoneChunks } from './domain/chunk-bitmap';
export { decidePurge, purgedJob, type EndedJob } from './domain/job-files-purge';
export { CsvRecordReader } from './csv/csv-record-reader';
export type { CsvDelimiter, CsvRecord } from './csv/csv-record';
export { detectHeader } from './csv/header-detection';
export { detectFinderColumns, domainFromCell } from './csv/finder-column-detection';
export { RESULT_COLUMNS } from './csv/result-columns';
export { NEWEST_JOBS_FIRST, filesPurgeOf, type FilesPurge } from './query-jobs/job-document';
