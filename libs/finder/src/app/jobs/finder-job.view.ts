import type { JobStatus } from '@lib/jobs';
import { finderJobDownloadPath } from './finder-job.decider';
import type { FinderColumnsChoice, FinderJobCounts } from './finder-job.events';
import type { FinderJobDocument } from './finder-job.projection';

/** A finder job as the API shows it (detail, list items, the create response, SSE event data). */
export interface FinderJobView {
  id: number;
  kind: 'finder';
  status: JobStatus;
  fileName: string;
  hasHeader: boolean;
  columns: FinderColumnsChoice;
  counts: FinderJobCounts;
  /** The most the job can cost: 10 credits per usable contact (only returned addresses are charged). */
  quote: number;
  results: { found: number; notFound: number; invalid: number };
  progress: { processedRows: number; totalRows: number; percent: number };
  creditsCharged: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  failureReason: string | null;
  /** When the uploaded file and results were deleted (data retention); the download then answers 410. */
  filesPurgedAt: string | null;
  downloadPath: string;
}

export function toFinderJobView(doc: FinderJobDocument): FinderJobView {
  // Rows without a usable contact are settled at upload, so they count as processed from the start.
  const processedRows = doc.processedContacts + doc.counts.invalid;
  const totalRows = doc.counts.rows;
  return {
    id: doc.jobId, kind: 'finder', status: doc.status, fileName: doc.file.name, hasHeader: doc.file.hasHeader, columns: doc.columns, counts: doc.counts,
    quote: doc.quote, results: { found: doc.found, notFound: doc.notFound, invalid: doc.counts.invalid },
    progress: { processedRows, totalRows, percent: totalRows === 0 ? 100 : Math.floor((processedRows / totalRows) * 1000) / 10 },
    creditsCharged: doc.creditsCharged, createdAt: doc.createdAt, startedAt: doc.startedAt, finishedAt: doc.finishedAt, failureReason: doc.failureReason,
    filesPurgedAt: doc.filesPurged?.at ?? null, downloadPath: finderJobDownloadPath(doc.jobId),
  };
}
