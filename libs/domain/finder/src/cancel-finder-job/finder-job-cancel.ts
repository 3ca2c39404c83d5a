import type { CancellableJobKind } from '@lib/jobs';
import { finderJobDecider } from '../domain/finder-job.decider';
import { FINDER_JOBS_COLLECTION } from '../query-finder-jobs/finder-job.projection';
import type { FinderJobKind } from '../shared/finder-job-kind';

/** Finder jobs in the shared cancel (CancelJobService): contacts not yet looked up are never charged. */
export const FINDER_JOB_CANCEL: CancellableJobKind<FinderJobKind> = {
  decider: finderJobDecider,
  collection: FINDER_JOBS_COLLECTION,
  cancelCommand: (accountId, at) => ({ type: 'CancelFinderJob', accountId, at }),
};
