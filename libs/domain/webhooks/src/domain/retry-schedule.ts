/** Jitter spreads a retry over delay x [0.8, 1.2) so receivers recovering from an outage are not hit in lockstep. */
export const JITTER_SPREAD = 0.2;

/**
 * When attempt `nextAttempt` (2, 3, ...) is due after an attempt finished at `finishedAtMs`, or null when
 * the schedule is exhausted. The delays come from WEBHOOK_RETRY_DELAYS_MS; growing values give the
 * exponential back-off.
 */
export function nextAttemptDue(
  retryDelaysMs: number[],
  nextAttempt: number,
  finishedAtMs: number,
  jitter: number,
): number | null {
  const delay = retryDelaysMs[nextAttempt - 2];
  if (delay === undefined) return null;
  return finishedAtMs + Math.floor(delay * (1 - JITTER_SPREAD + 2 * JITTER_SPREAD * jitter));
}

export const isSuccessStatus = (status: number | null): boolean => status !== null && status >= 200 && status < 300;
