/** Waits `ms`, or less when `signal` aborts (a cancelled job stops waiting). */
export type Pause = (ms: number, signal?: AbortSignal) => Promise<void>;

export const abortablePause: Pause = (ms, signal) =>
  new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
