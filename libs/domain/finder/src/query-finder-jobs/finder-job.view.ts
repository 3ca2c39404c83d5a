import { commonJobView, type JobViewCommon, type ProgressFacts } from '@lib/jobs';
import { finderJobDownloadPath } from '../domain/finder-job.decider';
import type { FinderColumnsChoice, FinderJobCounts } from '../domain/finder-job.events';
import type { FinderJobDocument } from './finder-job.projection';

/** A finder job as the API shows it (detail, list items, the create response, SSE event data). */
export interface FinderJobView extends JobViewCommon {
  kind: 'finder';
  columns: FinderColumnsChoice;
  /** `quote`: 10 credits per distinct person. */
  counts: FinderJobCounts;
  results: { found: number; notFound: number; invalid: number };
}

/** The progress facts of a finder job: rows without a usable contact are settled at upload. */
export function finderProgressFacts(doc: FinderJobDocument, rowsInFlight: number): ProgressFacts {
  return {
    status: doc.status,
    startedAt: doc.startedAt,
    recordedRows: doc.processedContacts + doc.counts.invalid,
    rowsInFlight,
    rowsAtStart: doc.counts.invalid,
    totalRows: doc.counts.rows,
  };
}

export function toFinderJobView(doc: FinderJobDocument, now: number, rowsInFlight = 0): FinderJobView {
  const facts = finderProgressFacts(doc, rowsInFlight);
  return {
    ...commonJobView(doc, facts, now, finderJobDownloadPath(doc.jobId)),
    kind: 'finder',
    columns: doc.columns,
    counts: doc.counts,
    results: { found: doc.found, notFound: doc.notFound, invalid: doc.counts.invalid },
  };
}
