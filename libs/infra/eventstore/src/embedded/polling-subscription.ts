import { Logger } from '@nestjs/common';
import type { RecordedEvent } from '../event-store.port';
import { WakeSignal } from '@lib/common';

export interface PollingSubscriptionOptions {
  after: number;
  pollIntervalMs: number;
  retryDelayMs: number;
  name: string;
}

/**
 * Catch-up then live delivery over a readable log: read a page after the checkpoint, hand events over one
 * at a time, and when the log is drained sleep until an in-process append wakes us or the poll interval
 * passes (the poll is what notices another process appending to the same file).
 */
export class PollingSubscription {
  private stopped = false;
  private readonly stopSignal = new WakeSignal();
  private readonly done: Promise<void>;
  private readonly logger = new Logger('EventSubscription');

  constructor(
    private readonly readAfter: (position: number) => Promise<RecordedEvent[]>,
    private readonly appended: WakeSignal,
    private readonly options: PollingSubscriptionOptions,
    private readonly handler: (event: RecordedEvent) => Promise<void>,
  ) {
    this.done = this.run();
  }

  /** Stops delivery; resolves once the handler is no longer running. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopSignal.notify();
    this.appended.notify();
    await this.done;
  }

  private async run(): Promise<void> {
    let checkpoint = this.options.after;
    // Let the caller keep the subscription handle before the first (possibly synchronous) delivery.
    await Promise.resolve();
    while (!this.stopped) {
      const page = await this.readAfter(checkpoint);
      if (page.length === 0) {
        await this.appended.wait(this.options.pollIntervalMs);
        // Woken by a commit: its appenders (a request's next step) go on first, and the commits of this
        // turn are read as one page, instead of every subscription reading ahead of them.
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      for (const event of page) {
        if (!(await this.deliver(event))) return;
        checkpoint = event.position;
      }
    }
  }

  /** Retries the same event until the handler accepts it, so nothing is skipped; false when stopped first. */
  private async deliver(event: RecordedEvent): Promise<boolean> {
    while (!this.stopped) {
      try {
        await this.handler(event);
        return true;
      } catch (error) {
        this.logger.warn(
          `${this.options.name}: handler failed at position ${event.position}, retrying: ${String(error)}`,
        );
        await this.stopSignal.wait(this.options.retryDelayMs);
      }
    }
    return false;
  }
}
