import type { TopicLog } from './topic-log';

/**
 * Notices what other processes write to the log file, for consumers that otherwise only wake on this
 * process's publishes: one cheap check per interval (SQLite's data_version), and a wake-up of every
 * partition worker only when another connection committed. Each idle worker fetching its partition every
 * interval instead was ~1,000 empty queries a second in the all-in-one app (over a hundred partitions).
 */
export class ExternalWrites {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly log: TopicLog,
    private readonly intervalMs: number,
    private readonly onWrite: () => void,
  ) {}

  /** Starts watching (again a no-op while watching). */
  start(): void {
    if (this.timer) return;
    this.log.changedElsewhere(); // the baseline: workers starting now read what is already there
    this.timer = setInterval(() => {
      let changed = true;
      try {
        changed = this.log.changedElsewhere();
      } catch {
        // Not knowing is treated as a change: the workers' fetches then report the fault on their own path.
      }
      if (changed) this.onWrite();
    }, this.intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
