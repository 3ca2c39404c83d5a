import { jobDownloadPath } from '../domain/job.decider';
import { EmailColumnChoice, JobCounts, JobKind, JobStatus, ResultName } from '../domain/job.events';
import { JobDocument } from '../projection/job-document';
import { etaSeconds, JobProgress, progressOf, ProgressFacts } from '../progress/job-progress';

/** A job as the API shows it (GET /v1/jobs/{id}, list items, the create response, SSE event data). */
export interface JobView {
  id: number;
  kind: JobKind;
  status: JobStatus;
  fileName: string;
  emailColumn: EmailColumnChoice;
  hasHeader: boolean;
  dedupe: boolean;
  counts: JobCounts;
  /** Credits the job can cost at most: one per unique address (only decisive results are charged). */
  quote: number;
  results: Record<ResultName, number>;
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

/** The progress facts of a verification job; `rowsInFlight` from ChunkProgressBoard. */
export function verificationProgressFacts(doc: JobDocument, rowsInFlight: number): ProgressFacts {
  return {
    status: doc.status, startedAt: doc.startedAt, recordedRows: doc.processedRows, rowsInFlight,
    rowsAtStart: doc.counts.blank ?? doc.counts.invalidSyntax, totalRows: doc.counts.rows,
  };
}

export function toJobView(doc: JobDocument, now: number, rowsInFlight = 0): JobView {
  const facts = verificationProgressFacts(doc, rowsInFlight);
  return {
    id: doc.jobId, kind: doc.kind, status: doc.status, fileName: doc.file.name, emailColumn: doc.emailColumn, hasHeader: doc.file.hasHeader,
    dedupe: doc.dedupe, counts: doc.counts, quote: doc.quote, results: doc.results, progress: progressOf(facts),
    creditsCharged: doc.creditsCharged, etaSeconds: etaSeconds(facts, now), createdAt: doc.createdAt, startedAt: doc.startedAt,
    finishedAt: doc.finishedAt, failureReason: doc.failureReason, filesPurgedAt: doc.filesPurged?.at ?? null, downloadPath: jobDownloadPath(doc.jobId),
  };
}
