import type { CancellableJobKind, PurgeableJobKind, ResumableJobKind } from '@lib/jobs';
import type { VerificationJobKind } from './create-job/verification-job-creation';
import { verificationJobDecider } from './domain/verification-job.decider';
import {
  VERIFICATION_JOB_RESULTS_COLLECTION,
  VERIFICATION_JOBS_COLLECTION,
} from './query-jobs/verification-job.documents';

/** The id bulk verification jobs register with: stored in their events' `kind`, so it never changes. */
const VERIFICATION_JOB_KIND = 'verification';

/** Bulk jobs in the shared cancel (CancelJobService): rows not yet verified are never charged. */
export const VERIFICATION_JOB_CANCEL: CancellableJobKind<VerificationJobKind> = {
  decider: verificationJobDecider,
  collection: VERIFICATION_JOBS_COLLECTION,
  cancelCommand: (accountId, at) => ({ type: 'CancelJob', accountId, at }),
};

/** Bulk jobs in the shared resume (ResumeJobService): a job the balance stopped goes on from its first undone row. */
export const VERIFICATION_JOB_RESUME: ResumableJobKind<VerificationJobKind> = {
  decider: verificationJobDecider,
  collection: VERIFICATION_JOBS_COLLECTION,
  resumeCommand: (accountId, at) => ({ type: 'ResumeJob', accountId, at }),
};

/** Bulk jobs in the retention sweep (JobRetentionModule.forKinds) and erasures. */
export const VERIFICATION_JOB_FILES: PurgeableJobKind = {
  kind: VERIFICATION_JOB_KIND,
  collection: VERIFICATION_JOBS_COLLECTION,
  resultsCollection: VERIFICATION_JOB_RESULTS_COLLECTION,
  decider: verificationJobDecider,
};
