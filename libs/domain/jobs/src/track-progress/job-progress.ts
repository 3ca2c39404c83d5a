import type { JobStatus } from '../domain/job.events';

export interface JobProgress {
  processedRows: number;
  totalRows: number;
  percent: number;
}

/** What both job kinds' views know about their progress. */
export interface ProgressFacts {
  status: JobStatus;
  startedAt: string | null;
  /** Rows counted by recorded chunks and at upload. */
  recordedRows: number;
  /** Rows done by chunks in flight (ChunkProgressBoard); only counted while Processing. */
  rowsInFlight: number;
  /** Rows decided at upload (empty or unusable cells): done before the job started, not part of the rate. */
  rowsAtStart: number;
  totalRows: number;
}

/** Rows done (recorded plus in flight, never above the total) and the percentage, one decimal. */
export function progressOf(facts: ProgressFacts): JobProgress {
  const live = facts.status === 'Processing' ? facts.rowsInFlight : 0;
  const processedRows = Math.min(facts.recordedRows + live, facts.totalRows);
  const percent = facts.totalRows === 0 ? 100 : Math.floor((processedRows / facts.totalRows) * 1000) / 10;
  return { processedRows, totalRows: facts.totalRows, percent };
}

/**
 * ETA from the rate observed so far: rows done per second since the job started. Null while Pending or
 * before the first row; 0 once the job is over.
 */
export function etaSeconds(facts: ProgressFacts, now: number): number | null {
  if (facts.status !== 'Processing') return facts.status === 'Pending' ? null : 0;
  const done = progressOf(facts).processedRows - facts.rowsAtStart;
  if (!facts.startedAt || done <= 0) return null;
  const elapsed = Math.max(now - Date.parse(facts.startedAt), 1);
  const remaining = Math.max(facts.totalRows - facts.rowsAtStart - done, 0);
  return Math.ceil((remaining * elapsed) / done / 1000);
}

/** What the views of both job kinds show alike: status, progress, charge, timestamps and the download. */
export interface JobViewCommon {
  id: number;
  status: JobStatus;
  fileName: string;
  hasHeader: boolean;
  /** The most the job can cost (only decisive verdicts, or returned addresses, are charged). */
  quote: number;
  /** Rows done, counted within chunks in flight too (moves at least once a second while Processing). */
  progress: JobProgress;
  creditsCharged: number;
  /** From the rate of rows done since the job started; null until the first row, 0 once over. */
  etaSeconds: number | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  failureReason: string | null;
  /** When the uploaded file and results were deleted (data retention); the download then answers 410. */
  filesPurgedAt: string | null;
  downloadPath: string;
}

/** What every job kind's read-model document holds alike (the verification and finder job documents). */
export interface JobDocumentCommon {
  jobId: number;
  status: JobStatus;
  file: { name: string | null; hasHeader: boolean };
  quote: number;
  creditsCharged: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  failureReason: string | null;
  filesPurged?: { at: string } | null;
}

/** The part of a job's view both kinds show alike, from its document, its progress facts and its download path. */
export function commonJobView(
  doc: JobDocumentCommon,
  facts: ProgressFacts,
  now: number,
  downloadPath: string,
): JobViewCommon {
  return {
    id: doc.jobId,
    status: doc.status,
    // An erased file name (the job's data was erased) shows as empty: the API's field is a plain string.
    fileName: doc.file.name ?? '',
    hasHeader: doc.file.hasHeader,
    quote: doc.quote,
    progress: progressOf(facts),
    creditsCharged: doc.creditsCharged,
    etaSeconds: etaSeconds(facts, now),
    createdAt: doc.createdAt,
    startedAt: doc.startedAt,
    finishedAt: doc.finishedAt,
    failureReason: doc.failureReason,
    filesPurgedAt: doc.filesPurged?.at ?? null,
    downloadPath,
  };
}
