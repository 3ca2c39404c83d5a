import { Readable } from 'node:stream';
import type { BlobStore } from '@lib/blobstore';
import { eraseRowsInOriginal, type AddressErasableJobKind } from '@lib/jobs';
import type { ReadStore } from '@lib/readstore';
import type { PlannedChunk } from '../create-job/chunk-plan';
import { readPlan } from '../dispatch-job/plan-reader';
import { addressKey } from '../domain/address-key';
import {
  VERIFICATION_JOBS_COLLECTION,
  VERIFICATION_JOB_RESULTS_COLLECTION,
  verificationJobResultId,
  type VerificationJobDocument,
} from '../query-jobs/verification-job.documents';

const PLAN_BATCH = 200;

/**
 * A data subject's request in a bulk job: the address's row result is deleted (its id names the address),
 * its rows in the uploaded file read `[erased]` (a download shows them erased, ERASED_CELL), and it leaves
 * the chunk plan (kept for a resume). An address is the same when it has the same dedupe key as the upload
 * used (addressKey: the download joins rows to results by it).
 */
export function verificationAddressErasure(readStore: ReadStore, blobs: BlobStore): AddressErasableJobKind {
  return {
    kind: 'verification',
    collection: VERIFICATION_JOBS_COLLECTION,
    async eraseAddress(ended, address) {
      const key = addressKey(address);
      if (!key) return 0;
      const job = await readStore
        .collection<VerificationJobDocument>(VERIFICATION_JOBS_COLLECTION)
        .get(String(ended.jobId));
      if (!job || job.filesPurged) return 0;
      const column = job.emailColumn.index;
      const rows = await eraseRowsInOriginal(
        blobs,
        job.file,
        (record) => addressKey(record.fields[column])?.canonical === key.canonical,
      );
      await erasePlanItems(blobs, job.file.planKey, key.canonical);
      await readStore
        .collection(VERIFICATION_JOB_RESULTS_COLLECTION)
        .delete(verificationJobResultId(job.jobId, key.canonical));
      return rows;
    },
  };
}

/** The plan without the address's items; rewritten only when it holds one. */
async function erasePlanItems(blobs: BlobStore, planKey: string, canonical: string): Promise<void> {
  if (!(await blobs.stat(planKey))) return;
  let holds = false;
  for await (const batch of readPlan(blobs, planKey, PLAN_BATCH))
    holds ||= batch.some((chunk) => chunk.items.some((item) => item.canonical === canonical));
  if (!holds) return;
  const staged = `${planKey}.erasing`;
  await blobs.put(staged, Readable.from(planWithout(blobs, planKey, canonical)));
  await blobs.put(planKey, await blobs.get(staged));
  await blobs.delete(staged);
}

async function* planWithout(blobs: BlobStore, planKey: string, canonical: string): AsyncGenerator<string> {
  for await (const batch of readPlan(blobs, planKey, PLAN_BATCH))
    yield batch
      .map((chunk): PlannedChunk => ({ ...chunk, items: chunk.items.filter((item) => item.canonical !== canonical) }))
      .map((chunk) => `${JSON.stringify(chunk)}\n`)
      .join('');
}
