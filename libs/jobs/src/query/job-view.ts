import { jobDownloadPath } from '../domain/job.decider';
import { EmailColumnChoice, JobCounts, JobKind, JobStatus, ResultName } from '../domain/job.events';
import { JobDocument } from '../projection/job-document';

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
  progress: { processedRows: number; totalRows: number; percent: number };
  creditsCharged: number;
  etaSeconds: number | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  failureReason: string | null;
  /** When the uploaded file and results were deleted (data retention); the download then answers 410. */
  filesPurgedAt: string | null;
  downloadPath: string;
}

/**
 * ETA from the rate so far: addresses verified per second since the job started. Null while Pending
 * or before the first chunk; 0 once the job is over.
 */
export function estimateSeconds(doc: JobDocument, now: number): number | null {
  if (doc.status !== 'Processing') return doc.status === 'Pending' ? null : 0;
  if (!doc.startedAt || doc.processedAddresses === 0) return null;
  const elapsed = Math.max(now - Date.parse(doc.startedAt), 1);
  const remaining = Math.max(doc.counts.uniqueAddresses - doc.processedAddresses, 0);
  return Math.ceil((remaining * elapsed) / doc.processedAddresses / 1000);
}

export function toJobView(doc: JobDocument, now: number): JobView {
  const totalRows = doc.counts.rows;
  return {
    id: doc.jobId, kind: doc.kind, status: doc.status, fileName: doc.file.name, emailColumn: doc.emailColumn, hasHeader: doc.file.hasHeader,
    dedupe: doc.dedupe, counts: doc.counts, quote: doc.quote, results: doc.results,
    progress: { processedRows: doc.processedRows, totalRows, percent: totalRows === 0 ? 100 : Math.floor((doc.processedRows / totalRows) * 1000) / 10 },
    creditsCharged: doc.creditsCharged, etaSeconds: estimateSeconds(doc, now), createdAt: doc.createdAt, startedAt: doc.startedAt,
    finishedAt: doc.finishedAt, failureReason: doc.failureReason, filesPurgedAt: doc.filesPurged?.at ?? null, downloadPath: jobDownloadPath(doc.jobId),
  };
}
