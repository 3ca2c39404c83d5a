import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import { Clock, PeriodicSweep } from '@lib/common';
import { ReadStore } from '@lib/readstore';
import { DeliveryAttempts } from '../delivery/delivery-attempts';
import { DeliveryDoc, DELIVERIES_COLLECTION } from '../list-deliveries/webhook-deliveries.projection';
import { WEBHOOKS_CONFIG, WebhookDeliveryConfig } from '../webhooks.config';

/** Attempts in flight at once per worker: one slow receiver occupies one slot, never the queue. */
const MAX_IN_FLIGHT = 16;

/** Polls often enough for the shortest retry delay (tests use milliseconds) but at most once a second. */
export const pollIntervalMs = (retryDelaysMs: number[]): number =>
  Math.min(1_000, Math.max(25, Math.floor(Math.min(...retryDelaysMs, 4_000) / 4)));

/**
 * Scans the pending deliveries read model for due attempts and runs them concurrently. All pending
 * state lives in the event store and its read model, so a restarted worker picks up where one that
 * crashed stopped; the per-attempt lease keeps two workers from sending the same attempt.
 */
@Injectable()
export class DeliveryDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('webhook-dispatcher');
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly schedule: PeriodicSweep<void>;

  constructor(
    private readonly readStore: ReadStore,
    private readonly attempts: DeliveryAttempts,
    private readonly clock: Clock,
    @Inject(WEBHOOKS_CONFIG) config: WebhookDeliveryConfig,
  ) {
    this.schedule = new PeriodicSweep(() => this.tick(), {
      everyMs: pollIntervalMs(config.retryDelaysMs),
      onError: (error) => this.logger.error(`scan failed: ${(error as Error)?.stack ?? error}`),
    });
  }

  onApplicationBootstrap(): void {
    this.schedule.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.schedule.stop();
    await Promise.allSettled(this.inFlight.values());
  }

  private async tick(): Promise<void> {
    const free = MAX_IN_FLIGHT - this.inFlight.size;
    if (free <= 0) return;
    const now = new Date(this.clock.now()).toISOString();
    const pending = await this.readStore
      .collection<DeliveryDoc>(DELIVERIES_COLLECTION)
      .find({ filter: { status: 'pending' }, sort: { dueAt: 1 }, limit: free + this.inFlight.size });
    const due = pending
      .filter((doc) => doc.dueAt !== null && doc.dueAt <= now && !this.inFlight.has(doc.deliveryId))
      .slice(0, free);
    for (const doc of due) {
      const run = this.attempt(doc.deliveryId).finally(() => this.inFlight.delete(doc.deliveryId));
      this.inFlight.set(doc.deliveryId, run);
    }
  }

  private async attempt(deliveryId: string): Promise<void> {
    try {
      const claimed = await this.attempts.claim(deliveryId);
      if (!claimed) return;
      const outcome = await this.attempts.deliver(claimed);
      if (outcome.error || outcome.status === null || outcome.status >= 300) {
        this.logger.warn(
          `delivery ${deliveryId} attempt ${outcome.attempt} failed: ${outcome.error ?? `HTTP ${outcome.status}`}`,
        );
      }
    } catch (error) {
      // The claim's lease expires and the attempt is taken again: logging is all that is needed here.
      this.logger.error(`delivery ${deliveryId}: ${(error as Error)?.stack ?? error}`);
    }
  }
}
