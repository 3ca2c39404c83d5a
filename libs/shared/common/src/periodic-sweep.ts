export interface PeriodicSweepOptions {
  /** Pause between passes started by the schedule. */
  everyMs: number;
  /** When the first scheduled pass comes sooner than `everyMs` after `start()` (an hourly sweep, first after a minute). */
  firstAfterMs?: number;
  /** A scheduled pass that failed: say so; the schedule carries on. (A `runOnce` caller gets its own error.) */
  onError(error: unknown): void;
}

/**
 * A background pass repeated on a schedule, as the workers' sweepers and pollers run one: at most one pass
 * at a time, the schedule skipping a tick while a pass runs (a large backlog may outlast the interval), and
 * timers that do not keep a process alive by themselves. `stop()` cancels the schedule, aborts the signal
 * the pass was handed (a long pass may stop between batches) and waits for the pass under way, so what it
 * writes to can be closed after; a pass asked for but not begun by then never begins (its caller is refused).
 */
export class PeriodicSweep<R> {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly stopping = new AbortController();
  private current: Promise<R> | null = null;
  private next: Promise<R> | null = null;

  constructor(
    private readonly pass: (signal: AbortSignal) => Promise<R>,
    private readonly options: PeriodicSweepOptions,
  ) {}

  start(): void {
    if (this.stopping.signal.aborted || this.timers.length > 0) return;
    const tick = () => {
      if (!this.current && !this.next) this.runOnce().catch((error) => this.options.onError(error));
    };
    if (this.options.firstAfterMs !== undefined) this.timers.push(setTimeout(tick, this.options.firstAfterMs));
    this.timers.push(setInterval(tick, this.options.everyMs));
    for (const timer of this.timers) timer.unref();
  }

  /**
   * One pass that starts no earlier than this call: when a pass is under way (it may have read the state
   * before the caller changed it), the next one follows it, shared by every caller who asked meanwhile.
   */
  runOnce(): Promise<R> {
    if (!this.current) return this.begin();
    this.next ??= this.current
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.begin();
      });
    return this.next;
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    for (const timer of this.timers.splice(0)) clearTimeout(timer);
    await Promise.allSettled([this.current, this.next]);
  }

  private begin(): Promise<R> {
    // A pass queued behind the one `stop()` waited for must not start: what it writes to is about to close.
    if (this.stopping.signal.aborted) return Promise.reject(new Error('the sweep was stopped before this pass began'));
    const run = (async () => this.pass(this.stopping.signal))().finally(() => {
      if (this.current === run) this.current = null;
    });
    this.current = run;
    return run;
  }
}
