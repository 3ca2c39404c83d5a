import type { CancellableJobKind } from '@lib/jobs';
import { finderJobDecider, type FinderJobCommand, type FinderJobState } from '../domain/finder-job.decider';
import type { FinderJobEvent } from '../domain/finder-job.events';
import { FINDER_JOBS_COLLECTION } from '../query-finder-jobs/finder-job.projection';

/** Finder jobs in the shared cancel (CancelJobService): contacts not yet looked up are never charged. */
export const FINDER_JOB_CANCEL: CancellableJobKind<FinderJobCommand, FinderJobEvent, FinderJobState> = {
  decider: finderJobDecider,
  collection: FINDER_JOBS_COLLECTION,
  cancelCommand: (accountId, at) => ({ type: 'CancelFinderJob', accountId, at }),
};
