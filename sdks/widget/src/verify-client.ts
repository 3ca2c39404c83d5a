import { classifyAnswer, Outcome } from './verification';

export interface RequestOptions {
  baseUrl: string;
  key: string;
  timeoutMs: number;
  /** Aborted when a newer check replaces this one (the person kept typing). */
  signal: AbortSignal;
}

/**
 * GET /v1/verify/single for one address with the publishable key. Never throws: a slow answer (past
 * `timeoutMs`, body included), a network or CORS failure and every error status become "unavailable",
 * and a check replaced by a newer one becomes "aborted", so the caller has nothing to catch.
 */
export async function requestVerification(email: string, options: RequestOptions): Promise<Outcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const stale = () => controller.abort();
  options.signal.addEventListener('abort', stale);
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v1/verify/single?email=${encodeURIComponent(email)}`;
  try {
    const response = await fetch(url, {
      headers: { 'X-API-KEY': options.key, Accept: 'application/json' },
      signal: controller.signal,
      credentials: 'omit',
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (a proxy's error page): classified by its status alone
    }
    return classifyAnswer(response.status, body);
  } catch (error) {
    if (options.signal.aborted) return { kind: 'aborted' };
    const reason = timedOut ? 'timeout' : 'network';
    return { kind: 'unavailable', reason, status: null, code: null, message: String(error) };
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', stale);
  }
}
