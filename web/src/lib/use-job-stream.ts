import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { isTerminal } from './progress';

/**
 * A job kept current by its Server-Sent Events stream (`progress` events, a final `done`); the
 * browser sends the session cookie with it. If the stream breaks, the job is read once more so
 * the page never shows a stale final state. A new `generation` (a resumed job) reads and follows it again.
 */
export function useJobStream<T extends { status: string }>(
  basePath: string,
  id: string,
  initial: T | null,
  generation = 0,
): { job: T | null; error: unknown } {
  const [job, setJob] = useState<T | null>(initial);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let closed = false;
    if (!initial || generation > 0)
      api<T>('GET', `${basePath}/${id}`).then(
        (j) => !closed && setJob(j),
        (e) => !closed && setError(e),
      );
    if (initial && generation === 0 && isTerminal(initial.status))
      return () => {
        closed = true;
      };
    const source = new EventSource(`${basePath}/${id}/stream`, { withCredentials: true });
    const update = (event: MessageEvent) => {
      if (!closed) setJob(JSON.parse(event.data) as T);
    };
    source.addEventListener('progress', update);
    source.addEventListener('done', (event) => {
      update(event as MessageEvent);
      source.close();
    });
    // The browser reconnects a dropped stream by itself; once it gives up (e.g. the session ended), read the job once.
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) return;
      api<T>('GET', `${basePath}/${id}`).then(
        (j) => !closed && setJob(j),
        (e) => !closed && setError(e),
      );
    };
    return () => {
      closed = true;
      source.close();
    };
  }, [basePath, id, generation]); // eslint-disable-line react-hooks/exhaustive-deps
  return { job, error };
}
