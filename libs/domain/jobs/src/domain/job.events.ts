// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
// What every job kind's `jobs-<id>` stream shares: how a job ends (JobCompleted / JobFailed, which
// webhooks deliver for every kind), the purge of its files, and the facts of its upload. A kind's own
// events (its creation, its chunks, its cancel) are declared in its lib.

/**
 * The id a job kind registers with (`verification`, `finder`): stored in the end events, so a kind's id
 * never changes. The core knows no kind by name.
 */
export type JobKind = string;
export type JobStatus = 'Pending' | 'Processing' | 'Completed' | 'Cancelled' | 'Failed';

/** How to read the stored original again at download. */
export interface JobFile {
  /** As uploaded; null once the job's data is erased (a file name may name a person). */
  name: string | null;
  blobKey: string;
  planKey: string;
  sizeBytes: number;
  delimiter: ',' | ';' | '\t';
  hasBom: boolean;
  hasHeader: boolean;
  columnCount: number;
  /**
   * Hash of the upload's bytes and options (the same file sent again with the same options has the same
   * one): how a duplicate upload is found. Absent on jobs created before it was recorded.
   */
  fingerprint?: string;
}

/** Who creates a job: the account that pays and the key (or dashboard session) it is attributed to. */
export interface JobCaller {
  accountId: string;
  keyId: string;
}

/** Per docs/contracts.md, consumed by webhook delivery. */
export interface JobSummary {
  status: 'Completed' | 'Failed';
  totalRows: number;
  processedRows: number;
  counts: Record<string, number>;
  creditsCharged: number;
  downloadPath: string;
}

export type JobCompleted = {
  type: 'JobCompleted';
  data: { jobId: number; accountId: string; kind: JobKind; summary: JobSummary; finishedAt: string };
};
export type JobFailed = {
  type: 'JobFailed';
  data: { jobId: number; accountId: string; kind: JobKind; reason: string; summary: JobSummary; finishedAt: string };
};
export type EndedStatus = 'Completed' | 'Failed' | 'Cancelled';

/**
 * The job's uploaded file, chunk plan and row results were deleted (data retention, or on request: "delete
 * now", reason `request`, retentionDays 0 and the erasure's id); its record, counts and charges stay. Shared by both job kinds, like JobCompleted. It repeats how the job ended so that
 * folding this event alone (commands load only the latest event) gives the whole ended state.
 */
export type JobFilesPurged = {
  type: 'JobFilesPurged';
  data: {
    jobId: number;
    accountId: string;
    kind: JobKind;
    status: EndedStatus;
    finishedAt: string;
    reason: 'retention' | 'request';
    retentionDays: number;
    /** The erasure that asked (reason `request`). */
    erasureId?: string;
    purgedAt: string;
  };
};
