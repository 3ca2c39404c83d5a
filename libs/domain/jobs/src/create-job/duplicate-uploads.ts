import { DomainError } from '@lib/common';
import { ReadStore } from '@lib/readstore';

/** The earlier job of an upload sent again: the same bytes with the same options (JobFile.fingerprint). */
export interface DuplicateOf {
  jobId: number;
  createdAt: string;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The account's latest job of this kind with the same fingerprint created less than `windowHours` ago,
 * or null (always null with a window of 0). Read from the kind's job read model, which trails the event
 * store by a moment: two uploads of one file within that moment are both accepted.
 */
export async function findDuplicateUpload(
  readStore: ReadStore,
  collection: string,
  accountId: string,
  fingerprint: string,
  windowHours: number,
  now: number,
): Promise<DuplicateOf | null> {
  if (windowHours <= 0) return null;
  const [latest] = await readStore.collection(collection).find({
    filter: { accountId, 'file.fingerprint': fingerprint },
    sort: { createdAt: -1 },
    limit: 1,
  });
  if (!latest || Date.parse(latest.createdAt) <= now - windowHours * HOUR_MS) return null;
  return { jobId: latest.jobId, createdAt: latest.createdAt };
}

/** 409, code 3021, with the earlier job in the envelope's `duplicateOf`. */
export function duplicateUploadError(earlier: DuplicateOf): DomainError {
  return new DomainError(
    'DUPLICATE_UPLOAD',
    `This file was uploaded with the same options at ${earlier.createdAt} (job ${earlier.jobId}): open that job's results, or send allowDuplicate=true to verify it again and be charged again.`,
    undefined,
    { duplicateOf: earlier },
  );
}
