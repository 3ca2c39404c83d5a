import { verificationJobDownloadPath } from '../domain/verification-job.decider';
import { EmailColumnChoice, VerificationJobCounts, ResultName } from '../domain/verification-job.events';
import { VerificationJobDocument } from './verification-job.documents';
import {
  JobKind,
  commonJobView,
  INSUFFICIENT_CREDITS_FAILURE,
  isCreditsFailure,
  JobViewCommon,
  KEY_CREDIT_CAP_FAILURE,
  ProgressFacts,
} from '@lib/jobs';

/** A job as the API shows it (GET /v1/jobs/{id}, list items, the create response, SSE event data). */
export interface VerificationJobView extends JobViewCommon {
  kind: JobKind;
  emailColumn: EmailColumnChoice;
  dedupe: boolean;
  /** `quote`: one credit per unique address. */
  counts: VerificationJobCounts;
  results: Record<ResultName, number>;
  /** One per address: the rows a deduplicated download holds per result. */
  addressResults: Record<ResultName, number>;
  /** Whether POST /v1/jobs/{id}/resume may go on with it: failed because the balance or its key's cap ran out, files kept. */
  resumable: boolean;
  /** Why the job stopped, in a sentence with its rows done and credits charged; null unless it failed. */
  failureMessage: string | null;
}

const count = (n: number) => n.toLocaleString('en');

/** What ran out, and what to do about it before a resume. */
const CREDITS_FAILURES = {
  [INSUFFICIENT_CREDITS_FAILURE]: { ran: 'The balance ran out', remedy: 'Buy credits' },
  [KEY_CREDIT_CAP_FAILURE]: {
    ran: "The API key's monthly credit cap was reached",
    remedy: "Raise or lift the key's cap (or wait for next month)",
  },
};

function failureMessage(doc: VerificationJobDocument, resumable: boolean): string | null {
  if (doc.status !== 'Failed') return null;
  if (!isCreditsFailure(doc.failureReason)) return `The job stopped: ${doc.failureReason ?? 'unknown'}.`;
  const { ran, remedy } = CREDITS_FAILURES[doc.failureReason];
  const notVerified = doc.counts.rows - doc.processedRows;
  const done = `${ran} after ${count(doc.processedRows)} of ${count(doc.counts.rows)} rows were verified (${count(notVerified)} not verified); ${count(doc.creditsCharged)} credits were charged for them.`;
  return resumable
    ? `${done} ${remedy}, then resume the job: it goes on from the first undone row, and rows already verified are not charged again.`
    : done;
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
  const resumable = doc.status === 'Failed' && isCreditsFailure(doc.failureReason) && !doc.filesPurged;
  return {
    ...commonJobView(doc, facts, now, verificationJobDownloadPath(doc.jobId)),
    kind: doc.kind,
    emailColumn: doc.emailColumn,
    dedupe: doc.dedupe,
    counts: doc.counts,
    results: doc.results,
    addressResults: doc.addressResults ?? doc.results,
    resumable,
    failureMessage: failureMessage(doc, resumable),
  };
}
