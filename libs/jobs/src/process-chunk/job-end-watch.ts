/** How often a chunk in flight looks whether its job was cancelled: the bound on how late a cancel reaches the probes. */
export const JOB_END_POLL_MS = 250;

/** Events after which a job takes no more chunk results (both kinds). */
const ENDING_TYPES: ReadonlySet<string> = new Set(['JobCancelled', 'FinderJobCancelled', 'JobFailed']);

export interface JobEndWatch {
  signal: AbortSignal;
  stop(): void;
}

/**
 * Aborts `signal` once the job's latest event ends it. Polling the stream's head works the same in every
 * process and on every event store, costs one single-event read per chunk in flight, and needs no
 * subscription per job; a cancel therefore reaches the engine within JOB_END_POLL_MS plus one read.
 */
export function watchJobEnd(
  lastEventType: () => Promise<string | undefined>,
  intervalMs = JOB_END_POLL_MS,
): JobEndWatch {
  const controller = new AbortController();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async (): Promise<void> => {
    try {
      if (ENDING_TYPES.has((await lastEventType()) ?? '')) controller.abort();
    } catch {
      // A failed read only delays the cancel to the next tick.
    }
    if (!stopped && !controller.signal.aborted) timer = setTimeout(() => void tick(), intervalMs);
  };
  timer = setTimeout(() => void tick(), intervalMs);
  return {
    signal: controller.signal,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
