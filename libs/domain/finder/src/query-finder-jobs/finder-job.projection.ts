import { upcast } from '@lib/common';
import {
  filesPurgeOf,
  storedCells,
  type CellsByName,
  type StoredRowResult,
  type FilesPurge,
  type JobFile,
  type JobStatus,
  type ResultCells,
} from '@lib/jobs';
import { documentProjection, type Projection } from '@lib/readstore';
import type { FinderOutcome } from '../domain/finder-outcome';
import { finderJobDecider } from '../domain/finder-job.decider';
import {
  FINDER_JOB_EVENT_TYPES,
  type FinderColumnsChoice,
  type FinderJobCounts,
  type FinderJobEvent,
  type FinderJobSnapshot,
} from '../domain/finder-job.events';

export const FINDER_JOBS_COLLECTION = 'finder_jobs';
export const FINDER_JOB_RESULTS_COLLECTION = 'finder_job_results';

/** Result columns appended to the download, in this order. */
export const FINDER_RESULT_COLUMNS = [
  'email',
  'status',
  'quality',
  'result',
  'reason',
  'confidence',
  'provider',
] as const;

export type FinderResultColumn = (typeof FINDER_RESULT_COLUMNS)[number];

/**
 * The column order of `finder_job_results.values` while rows were stored by position (until issue 16).
 * Frozen history, not the column list: never edit it.
 */
const POSITIONAL_ORDER: readonly FinderResultColumn[] = [
  'email',
  'status',
  'quality',
  'result',
  'reason',
  'confidence',
  'provider',
];

export interface FinderJobDocument {
  _id: string;
  jobId: number;
  accountId: string;
  status: JobStatus;
  file: JobFile;
  columns: FinderColumnsChoice;
  counts: FinderJobCounts;
  quote: number;
  processedContacts: number;
  found: number;
  notFound: number;
  creditsCharged: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  failureReason: string | null;
  /** Null until the job's files are deleted; absent in documents written before retention existed. */
  filesPurged?: FilesPurge | null;
}

/** One document per looked-up row: `<jobId>:<row>`, its cells by column name. */
export interface FinderJobResultDocument extends CellsByName<FinderResultColumn> {
  _id: string;
  jobId: number;
  row: number;
}

/** A row result as `finder_job_results` may hold it: by name, or by position when written before. */
export type StoredFinderJobResult = StoredRowResult<FinderJobResultDocument>;

/** A stored row result's cells by column name, whichever shape it was stored in. */
export const finderJobResultCells = (row: StoredFinderJobResult): ResultCells<FinderResultColumn> =>
  storedCells(row, POSITIONAL_ORDER);

export const finderJobResultId = (jobId: number, row: number): string => `${jobId}:${row}`;

export function resultCells(outcome: Pick<FinderOutcome, FinderResultColumn>): ResultCells<FinderResultColumn> {
  const cells: Partial<Record<FinderResultColumn, string>> = {};
  for (const column of FINDER_RESULT_COLUMNS)
    cells[column] = outcome[column] === null || outcome[column] === undefined ? '' : String(outcome[column]);
  return cells;
}

const progress = (s: FinderJobSnapshot) => ({
  processedContacts: s.processedContacts,
  found: s.found,
  notFound: s.notFound,
  creditsCharged: s.creditsCharged,
});

/** Pure: the job document after one event; also answers the create request without a read. */
export function evolveFinderJob(doc: FinderJobDocument | null, event: FinderJobEvent): FinderJobDocument | null {
  if (event.type === 'FinderJobCreated') {
    const d = event.data;
    return {
      _id: String(d.jobId),
      jobId: d.jobId,
      accountId: d.accountId,
      status: 'Pending',
      file: d.file,
      columns: d.columns,
      counts: d.snapshot.counts,
      quote: d.quote,
      ...progress(d.snapshot),
      createdAt: d.createdAt,
      startedAt: null,
      finishedAt: null,
      failureReason: null,
      filesPurged: null,
    };
  }
  if (!doc) return null; // a verification job's JobCompleted / JobFailed: not ours
  switch (event.type) {
    case 'FinderJobStarted':
      return {
        ...doc,
        ...progress(event.data.snapshot),
        status: 'Processing',
        startedAt: event.data.startedAt,
      };
    case 'FinderChunkCompleted':
      return { ...doc, ...progress(event.data.snapshot) };
    case 'FinderJobCancelled':
      return { ...doc, status: 'Cancelled', finishedAt: event.data.cancelledAt };
    case 'JobCompleted':
      return { ...doc, status: 'Completed', finishedAt: event.data.finishedAt };
    case 'JobFailed':
      return {
        ...doc,
        status: 'Failed',
        finishedAt: event.data.finishedAt,
        failureReason: event.data.reason,
      };
    case 'JobFilesPurged':
      // The purge destroyed the job's key, under which the file name is sealed: a rebuild reads it erased.
      return { ...doc, file: { ...doc.file, name: null }, filesPurged: filesPurgeOf(event) };
  }
}

const finderJobStatusProjection = documentProjection<FinderJobDocument, FinderJobEvent>({
  name: 'finder-job-status',
  collection: FINDER_JOBS_COLLECTION,
  eventTypes: FINDER_JOB_EVENT_TYPES,
  upcasters: finderJobDecider.upcasters,
  documentId: (event) => String(event.data.jobId),
  evolve: evolveFinderJob,
});

/**
 * Both finder job read models in one projection, so they share a checkpoint: a job read as Completed
 * already has every row result (they are written before the status document counts them). Row results
 * are written once, keyed by job and row (a row is in one chunk's results only), with `insertNew`: a
 * replay inserts nothing, and no row costs a lookup. A purge deletes the rows from its event, before the
 * status document shows it, so a rebuild ends without them too; deleting again on a replay deletes nothing.
 */
export const finderJobsProjection: Projection = {
  name: 'finder-jobs',
  eventTypes: FINDER_JOB_EVENT_TYPES,
  collections: [FINDER_JOBS_COLLECTION, FINDER_JOB_RESULTS_COLLECTION],
  async handle(recorded, store) {
    const event = upcast<FinderJobEvent>(recorded, finderJobDecider.upcasters);
    if (event.type === 'FinderChunkCompleted') {
      const { jobId, results } = event.data;
      await store.collection<FinderJobResultDocument>(FINDER_JOB_RESULTS_COLLECTION).insertNew(
        results.flatMap((r) =>
          [r.row, ...(r.alsoRows ?? [])].map((row) => ({
            _id: finderJobResultId(jobId, row),
            jobId,
            row,
            cells: resultCells(r.outcome),
          })),
        ),
      );
    }
    if (event.type === 'JobFilesPurged' && event.data.kind === 'finder') {
      await store.collection(FINDER_JOB_RESULTS_COLLECTION).deleteMany({ jobId: event.data.jobId });
    }
    await finderJobStatusProjection.handle(recorded, store);
  },
};
