import type { VerificationVerdict } from '@lib/verification-engine';
import { ChunkItem, ChunkResult } from './verification-job.events';
import { toRowVerdict } from './row-verdict';

export interface ChunkOutcome {
  results: ChunkResult[];
  retry: { items: ChunkItem[]; level: number; notBefore: string } | null;
}

/**
 * Splits a chunk's verdicts into final results and addresses to verify again later: an `unknown` the
 * engine marked as temporary (greylisting, 4xx, DNS timeouts) is retried while retry levels remain, so
 * the job's unknown share is as low as the configured patience allows. At the last level it stays unknown.
 * `level` is the chunk's own level (0 for a first pass); the retry runs at level + 1 after delays[level].
 */
export function splitForRetry(
  items: ChunkItem[],
  verdicts: VerificationVerdict[],
  level: number,
  delaysMs: number[],
  now: number,
): ChunkOutcome {
  const results: ChunkResult[] = [];
  const again: ChunkItem[] = [];
  const canRetry = level < delaysMs.length;
  items.forEach((item, k) => {
    const verdict = verdicts[k];
    if (canRetry && verdict.result === 'unknown' && verdict.retryAfterMs !== undefined) again.push(item);
    else results.push({ ...item, verdict: toRowVerdict(verdict) });
  });
  const retry =
    again.length > 0
      ? { items: again, level: level + 1, notBefore: new Date(now + delaysMs[level]).toISOString() }
      : null;
  return { results, retry };
}
