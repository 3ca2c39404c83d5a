import { JobRecordedQuery } from '@lib/jobs';
import { IDEMPOTENCY_KEY_SCHEMA, requestFingerprint, type IdempotentAttempt } from '@lib/idempotency';
import type { ReceivedFile } from '@lib/http-host';
import type { UploadIdempotencyContext } from '../idempotency/upload-idempotency';

// An upload's create step re-reads and plans the whole file (tens of seconds for 500k rows), so a
// claim is presumed dead only after 15 minutes; a concurrent duplicate waits up to a minute for it.
const JOB_CREATE_TIMING = { staleMs: 15 * 60_000, waitMs: 60_000 };

export const UPLOAD_IDEMPOTENCY_HEADER_DOC = {
  name: 'Idempotency-Key',
  required: false,
  schema: IDEMPOTENCY_KEY_SCHEMA,
  description:
    'Retrying an upload with the same key, file bytes and options answers with the job the first upload created (header Idempotent-Replayed: true) and creates nothing: the list is never run, nor charged, twice. The same key with another file or options: 400 code 2002; while the first upload is still being created: the retry waits, or gets 409 code 2004.',
};

export interface JobCreation<T> extends UploadIdempotencyContext {
  accountId: string;
  /** `jobs.create` or `finder.jobs.create`: the same file sent to the other endpoint is another request. */
  operation: string;
  file: ReceivedFile;
  /** The validated options: the same bytes with other options are another request (2002). */
  options: unknown;
  stagedJobId: number;
  create(): Promise<T>;
  discardStaged(): Promise<void>;
  /** The current view of a job an earlier attempt created. */
  viewOf(jobId: string): Promise<T>;
}

/**
 * Creates the job at most once per Idempotency-Key: a retried upload (a marketer's flaky connection)
 * must not create, and later charge, the same list twice. The same key and bytes replay the first
 * answer and throw the new copy away. If the first attempt's process died, the retry takes the key
 * over and first looks for the job that attempt had bound itself to: found, it answers with that job.
 */
export async function createJobOnce<T>(job: JobCreation<T>): Promise<T> {
  if (!job.key) return job.create();
  const requestHash = requestFingerprint(job.operation, [job.file.sha256, job.file.fileName, job.options]);
  const claim = await job.gate.claim<T>(job.accountId, job.key, requestHash, JOB_CREATE_TIMING);
  if (claim.replayed) {
    await job.discardStaged();
    job.reply.header('Idempotent-Replayed', 'true');
    return claim.data;
  }
  return job.gate.answer(claim.attempt, createOrResume(job, claim.attempt));
}

/** The job an earlier attempt under this key had bound itself to, if it was created; else this upload's, bound first. */
async function createOrResume<T>(job: JobCreation<T>, attempt: IdempotentAttempt): Promise<T> {
  if (attempt.supersededWork && (await job.queries.execute(new JobRecordedQuery(attempt.supersededWork)))) {
    await job.discardStaged();
    return job.viewOf(attempt.supersededWork);
  }
  await attempt.bind(String(job.stagedJobId));
  return job.create();
}
