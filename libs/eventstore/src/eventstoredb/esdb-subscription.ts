import { START, type AllStreamSubscription, type EventStoreDBClient, type Position } from '@eventstore/db-client';
import type { EventSubscription, RecordedEvent, SubscribeOptions } from '../event-store.port';
import { subscriptionFilter, toEsdbPosition, toRecordedEvent } from './esdb-mapping';

export interface EsdbSubscriptionSettings {
  /** Pause before retrying a failed handler, and first pause before resubscribing after a drop (doubled up to 10 s). */
  retryDelayMs: number;
  log: (message: string) => void;
}

/** An interruptible pause, so stop() does not wait out a backoff. */
class Pause {
  private wake?: () => void;
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  interrupt(): void {
    this.wake?.();
  }
}

/**
 * A catch-up subscription to $all that survives dropped connections: it resubscribes from the last
 * handled event, or from a later server checkpoint once every event received before that checkpoint
 * has been handled (so a sparse filter does not rescan the log after a reconnect).
 */
export class EsdbAllSubscription implements EventSubscription {
  private stopped = false;
  private current?: AllStreamSubscription;
  private readonly pause = new Pause();
  private resumeAfter?: number;
  private received = 0;
  private handled = 0;
  private pendingCheckpoint?: { position: number; afterEvents: number };
  private readonly done: Promise<void>;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: SubscribeOptions,
    private readonly handler: (event: RecordedEvent) => Promise<void>,
    private readonly settings: EsdbSubscriptionSettings,
  ) {
    this.resumeAfter = options.after;
    this.done = this.run();
  }

  /** Stops delivery and resolves once the handler is no longer running. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.pause.interrupt();
    await this.current?.unsubscribe().catch(() => undefined);
    // A cancelled gRPC call does not always end the piped stream; destroying it ends the for-await loop.
    this.current?.destroy();
    await this.done;
  }

  private async run(): Promise<void> {
    let backoff = this.settings.retryDelayMs;
    while (!this.stopped) {
      const subscription = this.open();
      try {
        for await (const resolved of subscription) {
          this.received++;
          await this.deliver(resolved);
          this.handled++;
          this.adoptCheckpoint();
          backoff = this.settings.retryDelayMs;
          if (this.stopped) break;
        }
        if (!this.stopped) this.settings.log(`subscription ${this.name} ended by the server; resubscribing`);
      } catch (error) {
        if (this.stopped) break;
        this.settings.log(`subscription ${this.name} dropped (${(error as Error).message}); resubscribing after ${backoff} ms`);
      } finally {
        await subscription.unsubscribe().catch(() => undefined);
      }
      if (this.stopped) break;
      await this.pause.wait(backoff);
      backoff = Math.min(backoff * 2, 10_000);
    }
  }

  private open(): AllStreamSubscription {
    this.received = this.handled = 0;
    this.pendingCheckpoint = undefined;
    const onCheckpoint = (subscription: AllStreamSubscription, position: Position): void => {
      // Events pushed before this checkpoint may still sit in the stream's buffer, unhandled.
      this.pendingCheckpoint = { position: Number(position.commit), afterEvents: this.received + subscription.readableLength };
      this.adoptCheckpoint();
    };
    const from = this.resumeAfter === undefined ? START : toEsdbPosition(this.resumeAfter);
    this.current = this.client.subscribeToAll(
      { fromPosition: from, filter: subscriptionFilter(this.options.eventTypes, onCheckpoint) },
      { highWaterMark: 16 },
    );
    return this.current;
  }

  private adoptCheckpoint(): void {
    const checkpoint = this.pendingCheckpoint;
    if (!checkpoint || this.handled < checkpoint.afterEvents) return;
    if (this.resumeAfter === undefined || checkpoint.position > this.resumeAfter) this.resumeAfter = checkpoint.position;
    this.pendingCheckpoint = undefined;
  }

  /** Awaits the handler, retrying the same event after a pause until it succeeds or the subscription stops. */
  private async deliver(resolved: Parameters<typeof toRecordedEvent>[0]): Promise<void> {
    const event = toRecordedEvent(resolved);
    if (!event) return;
    while (!this.stopped) {
      try {
        await this.handler(event);
        this.resumeAfter = event.position;
        return;
      } catch (error) {
        this.settings.log(`subscription ${this.name}: handler failed on ${event.type}@${event.position} (${(error as Error).message}); retrying`);
        await this.pause.wait(this.settings.retryDelayMs);
      }
    }
  }

  private get name(): string {
    return this.options.name ?? 'unnamed';
  }
}
