// The bulk verification job kind, a plug-in of the jobs core (@lib/jobs) like the finder's: its creation
// (email column, dedupe by address, chunk plan), its decider and events on `jobs-<id>`, its chunk
// processor (the verification engine), its read models, queries and download. Tests reach the decider,
// the projection, the read model and the bus topics through @lib/verification-jobs/testing.
export { VerificationJobsModule } from './verification-jobs.module';
export { VerificationJobsWorkerModule } from './verification-jobs-worker.module';
export {
  VerificationJobCreation,
  type CreateVerificationJobOptions,
  type VerificationJobKind,
} from './create-job/verification-job-creation';
export { VERIFICATION_JOB_CANCEL, VERIFICATION_JOB_FILES, VERIFICATION_JOB_RESUME } from './verification-job-kind';
export { verificationAddressErasure } from './erase-address/verification-address-erasure';
export { VerificationJobDownloads } from './download-job/verification-job-download.service';
export { VerificationJobQueries } from './query-jobs/verification-job.queries';
export { VERIFICATION_JOB_UPCASTERS } from './domain/verification-job.upcast';
export { VERIFICATION_JOB_PERSONAL_DATA } from './domain/verification-job-personal-data';
export { VERIFICATION_CHUNK_MESSAGE_PERSONAL_DATA } from './process-chunk/chunk-message-personal-data';
export { VERIFICATION_RESULT_COLUMNS } from './csv/result-columns';
export { VERIFICATION_RESULT_LABELS } from './csv/result-labels';
export type { VerificationJobEvent } from './domain/verification-job.events';
export { VERIFICATION_JOB_ANALYTICS } from './domain/verification-job-analytics';
