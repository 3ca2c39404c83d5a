import { Logger } from '@nestjs/common';
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
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = false;
  private readonly logger = new Logger('MessageBus');

  constructor(
    private readonly log: TopicLog,
    private readonly options: LogRetentionOptions,
  ) {}

  start(): void {
    // unref: retention alone must not keep a process (or a test run) alive.
    this.timer = setInterval(
      () => void this.runOnce().catch((error) => this.logger.warn(`log retention failed: ${String(error)}`)),
      this.options.intervalMs,
    );
    this.timer.unref();
  }

  /** One full pass (joining one already under way); resolves with the number of messages deleted. */
  runOnce(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Stops scheduling and waits for the pass under way, so the file can be closed after. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private async pass(): Promise<number> {
    const olderThan = this.options.now() - this.options.retentionMs;
    let deleted = 0;
    for (const { topic, partition } of this.log.allPartitions()) {
      for (;;) {
        if (this.stopped) return deleted;
        const count = this.log.trim(topic, partition, olderThan, this.options.batchSize);
        deleted += count;
        await new Promise((resolve) => setImmediate(resolve));
        if (count < this.options.batchSize) break;
      }
    }
    if (deleted > 0 && !this.stopped) this.log.releaseFreePages(RELEASED_PAGES_PER_PASS);
    return deleted;
  }
}
