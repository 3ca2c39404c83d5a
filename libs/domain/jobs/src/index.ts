// The public surface of the jobs core: what every job kind shares and plugs into, knowing no kind by
// name (a kind is the id it registers with: `verification` in @lib/verification-jobs, `finder` in
// @lib/finder). The shared steps (create, cancel, chunk workflow, progress, file purge), the lifecycle
// every kind's decider is built on, the end events other libs read, and the CSV building blocks.
// Tests reach the sweeper and the CSV reader through @lib/jobs/testing.
export { JOBS_CONFIG, JobsConfigModule } from './jobs.config';
export { JobLifecycleModule } from './job-lifecycle.module';
export { JobProgressModule } from './track-progress/job-progress.module';
export { ChunkWorkflowModule } from './process-chunk/chunk-workflow.module';
export { JobRetentionModule } from './purge-job-files/job-retention.module';
export { JobFilesPurger } from './purge-job-files/job-files-purger';
export type { JobKindTypes } from './job-kind';
export { JobCreation, type JobCreationKind, type JobUploads } from './create-job/job-creation';
export { stagedJobFile, type StagedUpload, type UploadInspection } from './create-job/upload-reuse';
export { CancelJobService, type CancellableJobKind, type JobReads } from './cancel-job/cancel-job.service';
export { ResumeJobService, type ResumableJobKind } from './resume-job/resume-job.service';
export { csvDownload, type RowResolver } from './download-job/csv-download';
export { assertFilesKept } from './download-job/files-kept';
export { storedCells, type CellsByName, type ResultCells, type StoredRowResult } from './download-job/stored-cells';
export { JobRecordedQuery } from './query-jobs/job-recorded.query';
export { ChunkProgressBoard } from './track-progress/chunk-progress-board';
export { commonJobView, type JobViewCommon, type ProgressFacts } from './track-progress/job-progress';
export { SSE_HEADERS, streamProgress, type ProgressSource } from './stream-progress/sse-progress';
export { ChunkWorkflow, type ChunkKind, type ChunkStatus, type PaidChunk } from './process-chunk/chunk-workflow';
export { scanJobStreamBackwards } from './process-chunk/job-stream-reader';
export type { PurgeableJobKind, PurgeCandidate } from './purge-job-files/purgeable-job-kind';
export { eraseRowsInOriginal, isErasedRecord } from './erase-address/erased-rows-rewrite';
export type { AddressErasableJobKind, ErasableJobFiles } from './erase-address/address-erasable-job-kind';
export { jobStream } from './domain/job-stream';
export {
  assertNewJob,
  cancellableSnapshot,
  chunkRecordable,
  decideFailure,
  decideFilesPurge,
  evolveJob,
  isTerminal,
  INSUFFICIENT_CREDITS_FAILURE,
  isCreditsFailure,
  jobCompleted,
  KEY_CREDIT_CAP_FAILURE,
  resumableSnapshot,
  runningSnapshot,
  startableSnapshot,
  type CreditsFailure,
  type JobKindEnding,
  type JobLifecycleState,
} from './domain/job-lifecycle';
export type { PurgeJobFiles } from './domain/job.commands';
export { JOB_NOTICE_ANALYTICS, SHARED_JOB_ANALYTICS } from './domain/job-analytics';
export type { JobFilesExpiring } from './domain/files-expiry-notice';
export type {
  JobCaller,
  JobCompleted,
  JobFailed,
  JobFile,
  JobFilesPurged,
  JobKind,
  JobStatus,
  JobSummary,
} from './domain/job.events';
export { chunksBitmap, countChunks, EMPTY_BITMAP, hasChunk, withChunk, type DoneChunks } from './domain/chunk-bitmap';
export {
  columnCount,
  columnShare,
  CsvRecordReader,
  detectEmailColumn,
  detectHeader,
  DOMAIN_HEADERS,
  FIRST_NAME_HEADERS,
  FULL_NAME_HEADERS,
  InvalidResultColumnsError,
  LAST_NAME_HEADERS,
  looksLikeDomainOrUrl,
  looksLikeEmail,
  normalizeHeaderName,
  URL_HEADERS,
  type ColumnMatch,
  type CsvDelimiter,
  type CsvRecord,
} from './csv';
export { NEWEST_JOBS_FIRST, filesPurgeOf, type FilesPurge } from './query-jobs/job-read-model';
