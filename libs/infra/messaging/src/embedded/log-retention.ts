import { Logger } from '@nestjs/common';
import { PeriodicSweep } from '@lib/common';
import type { TopicLog } from './topic-log';

export interface LogRetentionOptions {
  /** Messages older than this (and read by every group) are deleted. */
  retentionMs: number;
  /** Pause between passes. */
  intervalMs: number;
  /** Messages deleted per transaction; small, so publishers and consumers wait at most one short batch. */
  batchSize: number;
  now: () => number;
}

/** Free pages handed back to the file system per pass: enough to shrink after a burst, little I/O per pass. */
const RELEASED_PAGES_PER_PASS = 2048;

/**
 * Trims the embedded bus log in the background so `bus.sqlite` stops growing: one pass every interval walks
 * every partition, deleting in small transactions and yielding to the event loop between them. Deleted rows
 * leave free pages that later appends reuse (and, on files created with auto_vacuum, are partly released).
 */
export class LogRetention {
  private readonly logger = new Logger('MessageBus');
  private readonly schedule: PeriodicSweep<number>;

  constructor(
    private readonly log: TopicLog,
    private readonly options: LogRetentionOptions,
  ) {
    this.schedule = new PeriodicSweep((stopping) => this.pass(stopping), {
      everyMs: options.intervalMs,
      onError: (error) => this.logger.warn(`log retention failed: ${String(error)}`),
    });
  }

  start(): void {
    this.schedule.start();
  }

  /** One full pass (after the one under way, if any); resolves with the number of messages deleted. */
  runOnce(): Promise<number> {
    return this.schedule.runOnce();
  }

  /** Stops scheduling and waits for the pass under way, so the file can be closed after. */
  stop(): Promise<void> {
    return this.schedule.stop();
  }

  private async pass(stopping: AbortSignal): Promise<number> {
    if (stopping.aborted) return 0; // the log may be closed already
    const olderThan = this.options.now() - this.options.retentionMs;
    let deleted = 0;
    for (const { topic, partition } of this.log.allPartitions()) {
      for (;;) {
        if (stopping.aborted) return deleted;
        const count = this.log.trim(topic, partition, olderThan, this.options.batchSize);
        deleted += count;
        await new Promise((resolve) => setImmediate(resolve));
        if (count < this.options.batchSize) break;
      }
    }
    if (deleted > 0 && !stopping.aborted) this.log.releaseFreePages(RELEASED_PAGES_PER_PASS);
    return deleted;
  }
}
