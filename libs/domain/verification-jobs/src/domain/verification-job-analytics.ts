import type { EventAllowlist, FieldDecisions } from '@lib/messaging';
import { SHARED_JOB_ANALYTICS } from '@lib/jobs';
import type { ChunkResult, VerificationJobSnapshot, VerificationJobEvent, RowVerdict } from './verification-job.events';

const SNAPSHOT: FieldDecisions<VerificationJobSnapshot> = {
  jobId: true,
  accountId: true,
  keyId: true,
  kind: true,
  status: true,
  totalRows: true,
  totalAddresses: true,
  chunksScheduled: true,
  chunksOpen: true,
  doneChunks: true,
  processedRows: true,
  processedAddresses: true,
  counts: true,
  creditsCharged: true,
  run: true,
};

/** A row's verdict as analytics sees it: the result and flags; not a suggested address, the MX or the SMTP text. */
const VERDICT: FieldDecisions<RowVerdict> = {
  result: true,
  resultCode: true,
  subResult: true,
  quality: true,
  free: true,
  role: true,
  disposable: true,
  catchAll: true,
  didYouMean: false,
  provider: true,
  antiSpam: true,
  riskScore: true,
  mxHost: false,
  mxAddress: false,
  smtpCode: true,
  smtpEnhanced: true,
  smtpReply: false,
  egressRoute: true,
};

/** A row as analytics sees it: where it is in the file and its verdict, not its address. */
const ROW: FieldDecisions<ChunkResult> = {
  email: false,
  canonical: false,
  firstRow: true,
  rows: true,
  verdict: VERDICT,
};

/**
 * What events.jobs publishes of a bulk verification job (docs/personal-data.md, Analytics topics): ids,
 * counts, progress and charges; no address of any row. The job dispatcher reads JobCreated's plan key and
 * JobResumed's done chunks; usage reads ChunkCompleted's results' verdicts and charge.
 */
export const VERIFICATION_JOB_ANALYTICS: EventAllowlist<VerificationJobEvent> = {
  JobCompleted: SHARED_JOB_ANALYTICS.JobCompleted,
  JobFailed: SHARED_JOB_ANALYTICS.JobFailed,
  JobFilesPurged: SHARED_JOB_ANALYTICS.JobFilesPurged,
  JobCreated: {
    jobId: true,
    accountId: true,
    keyId: true,
    kind: true,
    file: SHARED_JOB_ANALYTICS.file,
    emailColumn: { index: true, chosenBy: true, headerName: false },
    dedupe: true,
    counts: true,
    quote: true,
    chunkCount: true,
    createdAt: true,
    snapshot: SNAPSHOT,
  },
  JobStarted: { jobId: true, startedAt: true, snapshot: SNAPSHOT },
  ChunkCompleted: {
    jobId: true,
    chunkNo: true,
    results: ROW,
    charged: true,
    completedAt: true,
    run: true,
    snapshot: SNAPSHOT,
  },
  ChunkRetryScheduled: {
    jobId: true,
    fromChunkNo: true,
    retryChunkNo: true,
    level: true,
    notBefore: true,
    items: false,
    remainder: true,
    snapshot: SNAPSHOT,
  },
  JobResumed: { jobId: true, accountId: true, run: true, resumedAt: true, snapshot: SNAPSHOT },
  JobCancelled: { jobId: true, accountId: true, cancelledAt: true, snapshot: SNAPSHOT },
};
