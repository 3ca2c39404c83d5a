/** How often a chunk in flight looks whether its job was cancelled: the bound on how late a cancel reaches the probes. */
export const JOB_END_POLL_MS = 250;

export interface JobEndWatch {
  signal: AbortSignal;
  stop(): void;
}

/**
 * Aborts `signal` once the job's latest event is one of `endingTypes` (its kind's cancel, or JobFailed). Polling the stream's head works the same in every
 * process and on every event store, costs one single-event read per chunk in flight, and needs no
 * subscription per job; a cancel therefore reaches the engine within JOB_END_POLL_MS plus one read.
 */
export function watchJobEnd(
  lastEventType: () => Promise<string | undefined>,
  endingTypes: ReadonlySet<string>,
  intervalMs = JOB_END_POLL_MS,
): JobEndWatch {
  const controller = new AbortController();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async (): Promise<void> => {
    try {
      if (endingTypes.has((await lastEventType()) ?? '')) controller.abort();
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

/**
 * One watch per job for all of its chunks in flight in this process: a worker runs 32 to 64 chunks at
 * once, mostly of the same job, and each read of the stream's head parses the last event (a chunk's
 * results, ~100 KB), so one read per job per interval instead of one per chunk. The watch stops when its
 * last chunk stops; a chunk that starts after the job ended gets an aborted signal at the first read.
 */
export class JobEndWatches {
  private readonly watches = new Map<number, { watch: JobEndWatch; chunks: number }>();

  constructor(
    private readonly lastEventType: (jobId: number) => Promise<string | undefined>,
    private readonly intervalMs = JOB_END_POLL_MS,
  ) {}

  /** `endingTypes`: the events after which the job (of one kind, so the same for all its chunks) takes no more results. */
  watch(jobId: number, endingTypes: ReadonlySet<string>): JobEndWatch {
    let entry = this.watches.get(jobId);
    if (!entry) {
      entry = { watch: watchJobEnd(() => this.lastEventType(jobId), endingTypes, this.intervalMs), chunks: 0 };
      this.watches.set(jobId, entry);
    }
    entry.chunks += 1;
    const shared = entry;
    let stopped = false;
    return {
      signal: shared.watch.signal,
      stop: () => {
        if (stopped) return;
        stopped = true;
        shared.chunks -= 1;
        if (shared.chunks > 0) return;
        shared.watch.stop();
        if (this.watches.get(jobId) === shared) this.watches.delete(jobId);
      },
    };
  }
}
