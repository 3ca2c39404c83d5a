import { type ResultColumn } from '../csv/result-columns';
import { EmailColumnChoice, VerificationJobCounts, ResultName } from '../domain/verification-job.events';
import type { CellsByName, FilesPurge, JobFile, JobKind, JobStatus, StoredRowResult } from '@lib/jobs';

/** The bulk job status read model (collection `jobs`), one document per job. */
export interface VerificationJobDocument {
  _id: string;
  jobId: number;
  accountId: string;
  kind: JobKind;
  status: JobStatus;
  file: JobFile;
  emailColumn: EmailColumnChoice;
  dedupe: boolean;
  counts: VerificationJobCounts;
  quote: number;
  results: Record<ResultName, number>;
  /** Results counted once per address (what a deduplicated download holds); absent on documents projected before it existed. */
  addressResults?: Record<ResultName, number>;
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

export const VERIFICATION_JOBS_COLLECTION = 'jobs';

/** Row results (collection `job_results`), one document per distinct address of a job: its cells by column name. */
export interface VerificationJobResultDocument extends CellsByName<ResultColumn> {
  _id: string;
  jobId: number;
  firstRow: number;
}

/** A row result as `job_results` may hold it: by name, or by position when written before (read it with `verificationJobResultCells`). */
export type StoredVerificationJobResult = StoredRowResult<VerificationJobResultDocument>;

export const VERIFICATION_JOB_RESULTS_COLLECTION = 'job_results';

/** `_id` of an address's result: the job and the address's canonical form. */
export const verificationJobResultId = (jobId: number, canonical: string): string => `${jobId}:${canonical}`;
