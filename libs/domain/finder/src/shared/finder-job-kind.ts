import type { JobKindTypes } from '@lib/jobs';
import type { RequestedColumns } from '../create-finder-job/finder-columns';
import type { FinderJobCommand, FinderJobState } from '../domain/finder-job.decider';
import type { FinderJobEvent } from '../domain/finder-job.events';
import type { FinderJobView } from '../query-finder-jobs/finder-job.view';

/** Finder file jobs as the shared job steps see them. */
export interface FinderJobKind extends JobKindTypes {
  options: RequestedColumns;
  view: FinderJobView;
  command: FinderJobCommand;
  event: FinderJobEvent;
  state: FinderJobState;
}
