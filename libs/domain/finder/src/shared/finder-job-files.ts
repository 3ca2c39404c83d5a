import type { PurgeableJobKind } from '@lib/jobs';
import { finderJobDecider } from '../domain/finder-job.decider';
import { FINDER_JOB_RESULTS_COLLECTION, FINDER_JOBS_COLLECTION } from '../query-finder-jobs/finder-job.projection';

/** Finder file jobs for the worker's retention sweep (JobRetentionModule) and erasures. */
export const FINDER_JOB_FILES: PurgeableJobKind = {
  kind: 'finder',
  collection: FINDER_JOBS_COLLECTION,
  resultsCollection: FINDER_JOB_RESULTS_COLLECTION,
  decider: finderJobDecider,
};
