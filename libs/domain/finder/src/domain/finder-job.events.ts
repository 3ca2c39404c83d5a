// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
// Finder jobs live on `jobs-<id>` like bulk verification jobs (docs/contracts.md) and end with the
// same JobCompleted / JobFailed (kind 'finder'), so webhooks fire for both. Their other events have
// their own types: a finder job carries contacts and finder outcomes, not addresses and verdicts.
import type { DoneChunks, JobCompleted, JobFailed, JobFile, JobFilesPurged } from '@lib/jobs';
import type { FinderOutcome } from './finder-outcome';
import type { FinderCallInput } from './finder-call.events';

export interface FinderColumnsChoice {
  /** Null when the names come from a whole-name column instead, or the file has only a last-name column. */
  firstName: number | null;
  lastName: number | null;
  /**
   * A whole-name column ("Jane Doe"), used only when the file has no first-name column; each cell is
   * split as the finder splits a whole name typed into firstName. Absent on jobs created before.
   */
  fullName?: number | null;
  domain: number;
  /** How the domain cell is read: a bare domain, a website URL, or an email address's domain. */
  domainSource: 'domain' | 'url' | 'email';
  chosenBy: 'request' | 'header';
}

export interface FinderJobCounts {
  rows: number;
  /** Distinct people (normalised name and domain) on rows with a usable name and domain: what is looked up, at most 10 credits each. */
  contacts: number;
  /**
   * Rows repeating an earlier row's person: filled with that person's answer, never looked up or charged
   * again. Absent on jobs created before finder jobs deduplicated people (every row was a lookup then).
   */
  duplicates?: number;
  /** Rows without them: reported in the download with reason `invalid_input`, never charged. */
  invalid: number;
}

/** The decision state carried by every non-terminal event, so a command folds only the latest one. */
export interface FinderJobSnapshot {
  jobId: number;
  accountId: string;
  /** The key (or `session:<id>`) that created the job, for usage analytics; absent on jobs created before it was recorded. */
  keyId?: string;
  status: 'Pending' | 'Processing';
  counts: FinderJobCounts;
  chunksScheduled: number;
  /**
   * The chunks recorded, as a bitmap like bulk jobs' (chunk-bitmap.ts). Events stored before it was
   * a bitmap carry a list of chunk numbers; FINDER_JOB_UPCASTERS (finder-job.upcast.ts) read them.
   */
  doneChunks: DoneChunks;
  processedContacts: number;
  found: number;
  notFound: number;
  creditsCharged: number;
}

export interface FinderJobRowResult {
  /** Record index of the row in the uploaded file (a header counts as record 0). */
  row: number;
  /** Later rows holding the same person: they carry this row's answer. */
  alsoRows?: number[];
  input: FinderCallInput;
  outcome: FinderOutcome;
}

export type FinderJobCreated = {
  type: 'FinderJobCreated';
  data: {
    jobId: number;
    accountId: string;
    kind: 'finder';
    file: JobFile;
    columns: FinderColumnsChoice;
    chunkCount: number;
    quote: number;
    createdAt: string;
    snapshot: FinderJobSnapshot;
  };
};
export type FinderJobStarted = {
  type: 'FinderJobStarted';
  data: { jobId: number; startedAt: string; snapshot: FinderJobSnapshot };
};
export type FinderChunkCompleted = {
  type: 'FinderChunkCompleted';
  data: {
    jobId: number;
    chunkNo: number;
    results: FinderJobRowResult[];
    charged: number;
    completedAt: string;
    snapshot: FinderJobSnapshot;
  };
};
export type FinderJobCancelled = {
  type: 'FinderJobCancelled';
  data: { jobId: number; accountId: string; cancelledAt: string; snapshot: FinderJobSnapshot };
};

export type FinderJobEvent =
  | FinderJobCreated
  | FinderJobStarted
  | FinderChunkCompleted
  | FinderJobCancelled
  | JobCompleted
  | JobFailed
  | JobFilesPurged;

export const FINDER_JOB_EVENT_TYPES: FinderJobEvent['type'][] = [
  'FinderJobCreated',
  'FinderJobStarted',
  'FinderChunkCompleted',
  'FinderJobCancelled',
  'JobCompleted',
  'JobFailed',
  'JobFilesPurged',
];
