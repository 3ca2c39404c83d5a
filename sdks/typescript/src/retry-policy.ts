/**
 * When to retry, and how long to wait. A request is retried when trying again cannot do anything
 * twice: GET and DELETE, and paid POSTs (their Idempotency-Key makes the service replay the first
 * answer) on 429, 5xx, 409 code 2004 (the same key still in progress), network errors and timeouts.
 * Other POSTs and PATCHes (webhook changes) are retried only on 429, which the service answers
 * before doing anything.
 */
export function shouldRetry(request: { method: string; keyed: boolean; status: number; code: number }): boolean {
  if (request.status === 429) return true;
  const safe = request.method === 'GET' || request.method === 'DELETE' || request.keyed;
  if (!safe) return false;
  if (request.status === 0) return true; // no answer: network error or timeout
  if (request.status === 409 && request.code === 2004) return true;
  return request.status >= 500 && request.status !== 501;
}

/** Exponential backoff with jitter: base * 2^attempt, capped, then scaled by a random factor in [0.5, 1). */
export function backoffDelayMs(attempt: number, baseMs: number, capMs: number): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.round(ceiling * (0.5 + Math.random() / 2));
}

/** Retry-After as milliseconds (seconds or an HTTP date), as the service said it. */
export function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d+(\.\d+)?$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  if (!Number.isFinite(seconds)) return undefined;
  return Math.max(0, Math.round(seconds * 1000));
}

/** At least Retry-After, plus up to 10% (at most a second) so that clients told the same do not return in step. */
export const withJitter = (ms: number): number => Math.round(ms + Math.random() * Math.min(ms / 10, 1_000));
