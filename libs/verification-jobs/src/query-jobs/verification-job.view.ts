import { jobDownloadPath } from '../domain/verification-job.decider';
import { EmailColumnChoice, JobCounts, ResultName } from '../domain/verification-job.events';
import { VerificationJobDocument } from './verification-job.documents';
import { JobKind, commonJobView, JobViewCommon, ProgressFacts } from '@lib/jobs';

/** A job as the API shows it (GET /v1/jobs/{id}, list items, the create response, SSE event data). */
export interface VerificationJobView extends JobViewCommon {
  kind: JobKind;
  emailColumn: EmailColumnChoice;
  dedupe: boolean;
  /** `quote`: one credit per unique address. */
  counts: JobCounts;
  results: Record<ResultName, number>;
  /** One per address: the rows a deduplicated download holds per result. */
  addressResults: Record<ResultName, number>;
}

/** The progress facts of a verification job; `rowsInFlight` from ChunkProgressBoard. */
export function verificationProgressFacts(doc: VerificationJobDocument, rowsInFlight: number): ProgressFacts {
  return {
    status: doc.status,
    startedAt: doc.startedAt,
    recordedRows: doc.processedRows,
    rowsInFlight,
    rowsAtStart: doc.counts.blank ?? doc.counts.invalidSyntax,
    totalRows: doc.counts.rows,
  };
}

export function toVerificationJobView(
  doc: VerificationJobDocument,
  now: number,
  rowsInFlight = 0,
): VerificationJobView {
  const facts = verificationProgressFacts(doc, rowsInFlight);
  return {
    ...commonJobView(doc, facts, now, jobDownloadPath(doc.jobId)),
    kind: doc.kind,
    emailColumn: doc.emailColumn,
    dedupe: doc.dedupe,
    counts: doc.counts,
    results: doc.results,
    addressResults: doc.addressResults ?? doc.results,
  };
}
