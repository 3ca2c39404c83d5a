import type { ResultColumn } from '../csv';
import type { CellsByName, CellsByPosition } from '../download-job/stored-cells';
import {
  EmailColumnChoice,
  JobCounts,
  JobFile,
  JobFilesPurged,
  JobKind,
  JobStatus,
  ResultName,
} from '../domain/job.events';

/** When and why a job's files were deleted, as the read models of both job kinds keep it. */
export interface FilesPurge {
  at: string;
  reason: JobFilesPurged['data']['reason'];
  retentionDays: number;
}

export const filesPurgeOf = (event: JobFilesPurged): FilesPurge => ({
  at: event.data.purgedAt,
  reason: event.data.reason,
  retentionDays: event.data.retentionDays,
});

/** The job status read model (collection `jobs`), one document per job, for any job kind. */
export interface JobDocument {
  _id: string;
  jobId: number;
  accountId: string;
  kind: JobKind;
  status: JobStatus;
  file: JobFile;
  emailColumn: EmailColumnChoice;
  dedupe: boolean;
  counts: JobCounts;
  quote: number;
  results: Record<ResultName, number>;
  processedRows: number;
  processedAddresses: number;
  creditsCharged: number;
  chunks: { scheduled: number; open: number };
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  failureReason: string | null;
  /** Null until the job's files are deleted; absent in documents written before retention existed. */
  filesPurged?: FilesPurge | null;
}

export const JOBS_COLLECTION = 'jobs';

/** Row results (collection `job_results`), one document per distinct address of a job: its cells by column name. */
export interface JobResultDocument extends CellsByName<ResultColumn> {
  _id: string;
  jobId: number;
  firstRow: number;
}

/** A row result as `job_results` may hold it: by name, or by position when written before (read it with `jobResultCells`). */
export type StoredJobResult = JobResultDocument | (Omit<JobResultDocument, 'cells'> & CellsByPosition);

export const JOB_RESULTS_COLLECTION = 'job_results';

/** `_id` of an address's result: the job and the address's canonical form. */
export const jobResultId = (jobId: number, canonical: string): string => `${jobId}:${canonical}`;

/** Job lists of every kind: newest first, the job id breaking ties so pages never overlap. */
export const NEWEST_JOBS_FIRST = (filter: Record<string, unknown>) => ({
  filter,
  sort: { createdAt: -1, jobId: -1 } as Record<string, 1 | -1>,
});
