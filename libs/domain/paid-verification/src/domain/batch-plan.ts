import { canonicalEmail } from '@lib/verification-engine';
import type { BatchSummary, RecordedResult } from './verification.events';

/** Each request position points at one unique address; only unique addresses are probed and paid for. */
export interface BatchPlan {
  unique: string[];
  positionToUnique: number[];
}

/** Dedupe key: the provider-aware canonical form (gmail dots and +tags, case), else the trimmed lowercase text. */
export const dedupeKey = (email: string): string => canonicalEmail(email.trim()) ?? email.trim().toLowerCase();

export function planBatch(emails: string[]): BatchPlan {
  const indexByKey = new Map<string, number>();
  const unique: string[] = [];
  const positionToUnique = emails.map((email) => {
    const key = dedupeKey(email);
    let index = indexByKey.get(key);
    if (index === undefined) {
      index = unique.push(email) - 1;
      indexByKey.set(key, index);
    }
    return index;
  });
  return { unique, positionToUnique };
}

const COUNTER: Record<string, keyof BatchSummary> = {
  ok: 'valid',
  invalid: 'invalid',
  catch_all: 'catchAll',
  unknown: 'unknown',
  disposable: 'disposable',
  error: 'error',
};

/** Counts every result position (duplicates included), so the six counts always add up to `total`. */
export function summarize(
  results: Pick<RecordedResult, 'result' | 'creditsCharged'>[],
  creditsRemaining: number,
): BatchSummary {
  const summary: BatchSummary = {
    total: results.length,
    valid: 0,
    invalid: 0,
    catchAll: 0,
    unknown: 0,
    disposable: 0,
    error: 0,
    creditsCharged: 0,
    creditsRemaining,
  };
  for (const result of results) {
    summary[COUNTER[result.result]]++;
    summary.creditsCharged += result.creditsCharged;
  }
  return summary;
}
