import {
  START,
  type AllStreamSubscription,
  type EventStoreDBClient,
  type Position,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { EventSubscription, RecordedEvent, SubscribeOptions } from '../event-store.port';
import { operatorProblem } from './esdb-errors';
import { NO_POSITION, subscriptionFilter, toEsdbPosition, toRecordedEvent } from './esdb-mapping';

/** Where the adapter's messages go: `error` for what needs an operator, `warn` for what heals by itself. */
export type EsdbLog = (message: string, level: 'warn' | 'error') => void;

export interface EsdbSubscriptionSettings {
  /** Pause before retrying a failed handler, and first pause before resubscribing after a drop (doubled up to 10 s). */
  retryDelayMs: number;
  log: EsdbLog;
  /** Runs before each (re)subscription; a rejection counts as a drop (the server version check). */
  beforeOpen: () => Promise<void>;
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
 * A catch-up subscription to $all that survives dropped connections. It resubscribes from the last handled
 * event only: a server checkpoint is never a resume point, because subscriptions start strictly after their
 * position and some server versions checkpoint at the end of the log, where the next event is written (so
 * resuming there skips it). Checkpoints only tell `onCheckpoint` how far the filter has looked.
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
  /** Why the server keeps refusing this subscription, while it does (shown by /ready). */
  problem: string | null = null;

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
      let subscription: AllStreamSubscription | undefined;
      try {
        await this.settings.beforeOpen();
        subscription = this.open();
        for await (const resolved of subscription as AsyncIterable<ResolvedEvent>) {
          this.received++;
          await this.deliver(resolved);
          this.handled++;
          this.reportCheckpoint();
          backoff = this.settings.retryDelayMs;
          if (this.stopped) break;
        }
        if (!this.stopped) this.settings.log(`subscription ${this.name} ended by the server; resubscribing`, 'warn');
      } catch (error) {
        if (this.stopped) break;
        this.dropped(error as Error, backoff);
      } finally {
        await subscription?.unsubscribe().catch(() => undefined);
      }
      if (this.stopped) break;
      await this.pause.wait(backoff);
      backoff = Math.min(backoff * 2, 10_000);
    }
  }

  /** A refusal that needs an operator is logged as an error and kept for /ready; the subscription keeps retrying. */
  private dropped(error: Error, backoff: number): void {
    const problem = operatorProblem(error);
    if (problem) {
      if (this.problem === null)
        this.settings.log(
          `subscription ${this.name} refused by the server: ${problem}; retrying every ${backoff}-10000 ms`,
          'error',
        );
      this.problem = `subscription ${this.name}: ${problem}`;
      return;
    }
    this.settings.log(
      `subscription ${this.name} dropped (${error.message}); resubscribing after ${backoff} ms`,
      'warn',
    );
  }

  private open(): AllStreamSubscription {
    this.received = this.handled = 0;
    this.pendingCheckpoint = undefined;
    const onCheckpoint = (subscription: AllStreamSubscription, position: Position): void => {
      // Servers before KurrentDB PR #4892 could send "no position" (2^64-1) when going live; it says nothing.
      if (position.commit >= NO_POSITION) return;
      // Events pushed before this checkpoint may still sit in the stream's buffer, unhandled.
      this.pendingCheckpoint = {
        position: Number(position.commit),
        afterEvents: this.received + subscription.readableLength,
      };
      this.reportCheckpoint();
    };
    const from = this.resumeAfter === undefined ? START : toEsdbPosition(this.resumeAfter);
    this.current = this.client.subscribeToAll(
      { fromPosition: from, filter: subscriptionFilter(this.options.eventTypes, onCheckpoint) },
      { highWaterMark: 16 },
    );
    this.current.on('confirmation', () => {
      this.problem = null;
    });
    return this.current;
  }

  /**
   * Once every event received before a checkpoint is handled, tells the owner that all matching events
   * before the checkpoint's position are handled (strictly before: a checkpoint at the end of the log is
   * the position the next event will take).
   */
  private reportCheckpoint(): void {
    const checkpoint = this.pendingCheckpoint;
    if (!checkpoint || this.handled < checkpoint.afterEvents) return;
    this.pendingCheckpoint = undefined;
    this.options.onCheckpoint?.(checkpoint.position);
  }

  /** Awaits the handler, retrying the same event after a pause until it succeeds or the subscription stops. */
  private async deliver(resolved: ResolvedEvent): Promise<void> {
    const event = toRecordedEvent(resolved);
    if (!event) return;
    while (!this.stopped) {
      try {
        await this.handler(event);
        this.resumeAfter = event.position;
        return;
      } catch (error) {
        this.settings.log(
          `subscription ${this.name}: handler failed on ${event.type}@${event.position} (${(error as Error).message}); retrying`,
          'warn',
        );
        await this.pause.wait(this.settings.retryDelayMs);
      }
    }
  }

  private get name(): string {
    return this.options.name ?? 'unnamed';
  }
}
