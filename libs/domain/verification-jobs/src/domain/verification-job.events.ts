import type { PublicVerdict, VerdictEvidence, VerificationResultName } from '@lib/verification-engine';
import type { DoneChunks, JobCompleted, JobFailed, JobFile, JobFilesPurged, JobKind } from '@lib/jobs';

// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
// Every non-terminal event carries the job's complete decision state (`snapshot`), so a command
// loads only the latest event however many chunk results the stream holds (runCommand load: 'last').
// A bulk job ends with the events every kind shares (JobCompleted / JobFailed / JobFilesPurged, @lib/jobs).

export type ResultName = VerificationResultName;

export interface VerificationJobCounts {
  /** Data rows (a header row excluded). */
  rows: number;
  /**
   * Distinct addresses to verify, malformed ones included (the engine answers them invalid without a
   * probe): what the chunks carry, and the most the job can cost.
   */
  uniqueAddresses: number;
  /** Rows whose address repeats an earlier row's (never probed or charged again). */
  duplicates: number;
  /** Rows whose email cell is empty or not an address (reported invalid / invalid_syntax). */
  invalidSyntax: number;
  /**
   * Rows whose email cell is empty: decided at upload, free. Absent on jobs created before malformed
   * cells were verified (and charged) like addresses, when every invalidSyntax row was decided at upload.
   */
  blank?: number;
}

export interface EmailColumnChoice {
  index: number;
  chosenBy: 'request' | 'header' | 'values';
  headerName: string | null;
}

/** The decision state after an event. `doneChunks` is a base64 bitmap indexed by chunk number (chunk-bitmap.ts, as finder jobs). */
export interface VerificationJobSnapshot {
  jobId: number;
  accountId: string;
  /** The key (or `session:<id>`) that created the job, for usage analytics; absent on jobs created before it was recorded. */
  keyId?: string;
  kind: JobKind;
  status: 'Pending' | 'Processing';
  totalRows: number;
  totalAddresses: number;
  chunksScheduled: number;
  chunksOpen: number;
  doneChunks: DoneChunks;
  processedRows: number;
  processedAddresses: number;
  counts: Record<ResultName, number>;
  creditsCharged: number;
  /** The job's run: absent (0) until it is resumed, n after its n-th resume (ResumeJob). */
  run?: number;
}

/** One address to verify, as cut into a chunk at upload. */
export interface ChunkItem {
  email: string;
  canonical: string;
  /** Record index of the first row holding the address (the row kept when downloading deduplicated). */
  firstRow: number;
  /** Rows holding the address. */
  rows: number;
}

/**
 * A row's verdict as recorded in ChunkCompleted: the appended result columns of one address (the
 * engine's public verdict fields, whose declaration says how they may change) and, since evidence was
 * added, what decided it (absent on older events). Filled by toRowVerdict.
 */
export type RowVerdict = PublicVerdict & Partial<VerdictEvidence>;

export interface ChunkResult extends ChunkItem {
  verdict: RowVerdict;
}

export type JobCreated = {
  type: 'JobCreated';
  data: {
    jobId: number;
    accountId: string;
    keyId?: string;
    kind: JobKind;
    file: JobFile;
    emailColumn: EmailColumnChoice;
    dedupe: boolean;
    counts: VerificationJobCounts;
    quote: number;
    chunkCount: number;
    createdAt: string;
    snapshot: VerificationJobSnapshot;
  };
};
export type JobStarted = {
  type: 'JobStarted';
  data: { jobId: number; startedAt: string; snapshot: VerificationJobSnapshot };
};
export type ChunkCompleted = {
  type: 'ChunkCompleted';
  data: {
    jobId: number;
    chunkNo: number;
    results: ChunkResult[];
    charged: number;
    completedAt: string;
    /** The run that recorded the chunk, when not the first (absent: 0); only that run's hold is charged. */
    run?: number;
    snapshot: VerificationJobSnapshot;
  };
};
/**
 * Addresses of a chunk to verify as chunk `retryChunkNo` no earlier than `notBefore`: greylisted ones, or
 * (`remainder`) those its hold could not pay for when the balance ran short, at the chunk's own level.
 */
export type ChunkRetryScheduled = {
  type: 'ChunkRetryScheduled';
  data: {
    jobId: number;
    fromChunkNo: number;
    retryChunkNo: number;
    level: number;
    notBefore: string;
    items: ChunkItem[];
    /** Not greylisted: the rows the chunk left for the credits that come back (absent: greylisted). */
    remainder?: true;
    snapshot: VerificationJobSnapshot;
  };
};
/**
 * A job failed because the balance ran out works again from its first undone row, in run `run`: its undone
 * chunks are published again (VerificationJobDispatcher); rows recorded before are not verified or charged again.
 */
export type JobResumed = {
  type: 'JobResumed';
  data: { jobId: number; accountId: string; run: number; resumedAt: string; snapshot: VerificationJobSnapshot };
};
export type JobCancelled = {
  type: 'JobCancelled';
  data: { jobId: number; accountId: string; cancelledAt: string; snapshot: VerificationJobSnapshot };
};

export type VerificationJobEvent =
  | JobCreated
  | JobStarted
  | ChunkCompleted
  | ChunkRetryScheduled
  | JobCompleted
  | JobFailed
  | JobCancelled
  | JobFilesPurged
  | JobResumed;

export const VERIFICATION_JOB_EVENT_TYPES: VerificationJobEvent['type'][] = [
  'JobCreated',
  'JobStarted',
  'ChunkCompleted',
  'ChunkRetryScheduled',
  'JobCompleted',
  'JobFailed',
  'JobCancelled',
  'JobFilesPurged',
  'JobResumed',
];
