import { documentProjection } from '@lib/readstore';
import { verificationJobDecider } from '../domain/verification-job.decider';
import {
  VERIFICATION_JOB_EVENT_TYPES,
  VerificationJobEvent,
  VerificationJobSnapshot,
  ResultName,
} from '../domain/verification-job.events';
import { VERIFICATION_JOBS_COLLECTION, VerificationJobDocument } from './verification-job.documents';
import { filesPurgeOf } from '@lib/jobs';

function progress(snapshot: VerificationJobSnapshot): Partial<VerificationJobDocument> {
  return {
    results: snapshot.counts,
    processedRows: snapshot.processedRows,
    processedAddresses: snapshot.processedAddresses,
    creditsCharged: snapshot.creditsCharged,
    chunks: { scheduled: snapshot.chunksScheduled, open: snapshot.chunksOpen },
  };
}

/**
 * Results counted once per address, as a deduplicated download holds them: each address of a chunk is
 * one row there (its first), and every empty cell (decided at upload, already in the created counts) is
 * one row too. An address is in one chunk's results only, so adding them up never counts one twice.
 */
function addressResultsAfter(doc: VerificationJobDocument, results: readonly { verdict: { result: ResultName } }[]) {
  const counts = { ...(doc.addressResults ?? doc.results) };
  for (const r of results) counts[r.verdict.result] = (counts[r.verdict.result] ?? 0) + 1;
  return counts;
}

/** Pure: the job document after one event. Also used to answer the create request without a read. */
export function evolveVerificationJob(
  doc: VerificationJobDocument | null,
  event: VerificationJobEvent,
): VerificationJobDocument | null {
  if (event.type === 'JobCreated') {
    const d = event.data;
    return {
      _id: String(d.jobId),
      jobId: d.jobId,
      accountId: d.accountId,
      kind: d.kind,
      status: 'Pending',
      file: d.file,
      emailColumn: d.emailColumn,
      dedupe: d.dedupe,
      counts: d.counts,
      quote: d.quote,
      createdAt: d.createdAt,
      startedAt: null,
      finishedAt: null,
      failureReason: null,
      filesPurged: null,
      ...progress(d.snapshot),
      addressResults: { ...d.snapshot.counts },
    } as VerificationJobDocument;
  }
  if (!doc) return null;
  switch (event.type) {
    case 'JobStarted':
      return { ...doc, ...progress(event.data.snapshot), status: 'Processing', startedAt: event.data.startedAt };
    case 'ChunkCompleted':
      return { ...doc, ...progress(event.data.snapshot), addressResults: addressResultsAfter(doc, event.data.results) };
    case 'ChunkRetryScheduled':
      return { ...doc, ...progress(event.data.snapshot) };
    case 'JobCompleted':
      return { ...doc, status: 'Completed', finishedAt: event.data.finishedAt };
    case 'JobFailed':
      return { ...doc, status: 'Failed', finishedAt: event.data.finishedAt, failureReason: event.data.reason };
    case 'JobCancelled':
      return { ...doc, status: 'Cancelled', finishedAt: event.data.cancelledAt };
    case 'JobFilesPurged':
      // The purge destroyed the job's key, under which the file name is sealed: a rebuild reads it erased.
      return { ...doc, file: { ...doc.file, name: null }, filesPurged: filesPurgeOf(event) };
    case 'JobResumed':
      return { ...doc, ...progress(event.data.snapshot), status: 'Processing', finishedAt: null, failureReason: null };
  }
}

export const verificationJobStatusProjection = documentProjection<VerificationJobDocument, VerificationJobEvent>({
  name: 'job-status',
  collection: VERIFICATION_JOBS_COLLECTION,
  eventTypes: VERIFICATION_JOB_EVENT_TYPES,
  upcasters: verificationJobDecider.upcasters,
  documentId: (event) => String(event.data.jobId),
  evolve: evolveVerificationJob,
});
