import type { EventStore, EventSubscription, RecordedEvent } from '@lib/eventstore';
import { CheckpointStore, ReadStore } from '@lib/readstore';
import { Logger } from '@nestjs/common';
import { MessageBus, OutgoingMessage } from '../message-bus.port';
import type { AnalyticsAllowlists } from './analytics-allowlist';
import { RELAY_CATEGORIES, relayTopic, toRelayMessage } from './relay-message';

export interface EventRelayOptions {
  /** Names the checkpoint (`relay:<name>` in `_checkpoints`); one relay per name. Default 'analytics'. */
  name?: string;
  /** Most events published in one batch (one bus write per topic). Default 100. */
  maxBatch?: number;
  /** Wait before a failed publish is tried again. Default 1,000 ms. */
  retryDelayMs?: number;
  /**
   * How long the first event of a batch waits for others (Kafka's linger.ms). Default 25 ms: events come a
   * few at a time from many commands, and each batch is a bus write that wakes its consumers. At 5 ms a
   * single verify, whose appends are a few ms apart, cost 2.5 bus writes, each then an fsync that stalled
   * the whole process (issue 40); consumers of the relayed topics (auto top-up, job dispatch) hear at most
   * 20 ms later for it.
   */
  lingerMs?: number;
  /**
   * How often the checkpoint is saved, each time after one `bus.sync()` (batches are published unsynced, so
   * many share one durable write). Default 250 ms: a power cut republishes at most about that much.
   */
  checkpointEveryMs?: number;
  /**
   * What the allowlisted topics (verifications, finder, jobs, jobnotices) publish of each event type; without
   * it their events publish no data at all. libs/app/roles' projector composes it from the domains' allowlists.
   */
  allowlists?: AnalyticsAllowlists;
}

/** An event read from the log, waiting to be published; one whose topic is not published only moves the checkpoint. */
interface PendingMessage {
  topic: string | null;
  message: OutgoingMessage | null;
  position: number;
}

/**
 * Publishes every domain event, in global order, to `events.<category>` (see relay-message.ts for the
 * format). Events that arrive together (a page of the log) are published as one batch, one bus write per
 * topic, published unsynced: the checkpoint is saved every `checkpointEveryMs`, each time after one
 * `bus.sync()` has made every batch before it durable (on the embedded bus one fsync, where one per batch
 * was as many as the event store's own commits). So a crash republishes at most what came after the last
 * checkpoint (consumers are at-least-once) and never skips an event; a failed publish is retried with the
 * same batch, in order, until it succeeds or the relay stops (then the next start republishes from the checkpoint).
 */
export class EventRelay {
  private subscription: EventSubscription | null = null;
  /** Global position of the last event published. */
  private position = 0;
  private readonly checkpoints: CheckpointStore;
  private readonly checkpointName: string;
  /** Topics known to exist; a category not in the list gets its topic created on first sight. */
  private readonly ensuredTopics = new Set<string>();
  private readonly maxBatch: number;
  private readonly retryDelayMs: number;
  private readonly lingerMs: number;
  private readonly allowlists: AnalyticsAllowlists;
  private pending: PendingMessage[] = [];
  /** Position of the last checkpoint saved: every event up to it is durable on the bus. */
  private savedPosition = 0;
  private readonly checkpointEveryMs: number;
  private checkpointTimer: NodeJS.Timeout | null = null;
  /** The sync and save in progress (one at a time, so a later position is never overwritten by an earlier one). */
  private checkpointing: Promise<void> = Promise.resolve();
  /** The publish in progress (one at a time, so batches reach the bus in log order). */
  private flushing: Promise<void> | null = null;
  private flushScheduled = false;
  private stopping = false;
  private readonly logger = new Logger('EventRelay');

  constructor(
    private readonly eventStore: EventStore,
    private readonly bus: MessageBus,
    readStore: ReadStore,
    options: EventRelayOptions = {},
  ) {
    this.checkpoints = new CheckpointStore(readStore);
    this.checkpointName = `relay:${options.name ?? 'analytics'}`;
    this.maxBatch = options.maxBatch ?? 100;
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.lingerMs = options.lingerMs ?? 25;
    this.checkpointEveryMs = options.checkpointEveryMs ?? 250;
    this.allowlists = options.allowlists ?? {};
  }

  /** Creates the category topics and follows the log from the saved checkpoint. */
  async start(): Promise<void> {
    if (this.subscription) return;
    this.stopping = false;
    const topics = RELAY_CATEGORIES.map(relayTopic);
    await this.bus.ensureTopics(topics);
    topics.forEach((topic) => this.ensuredTopics.add(topic));
    const after = await this.checkpoints.load(this.checkpointName);
    this.position = after;
    this.savedPosition = after;
    this.subscription = this.eventStore.subscribeToAll({ after, name: this.checkpointName }, (event) =>
      this.relay(event),
    );
  }

  /** Stops reading, then publishes and checkpoints what was read (one attempt: what fails is republished on the next start). */
  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    this.stopping = true;
    await this.flushing;
    try {
      while (this.pending.length > 0) await this.publishPending();
    } catch (error) {
      this.logger.warn(
        `${this.checkpointName}: ${this.pending.length} events left for the next start: ${String(error)}`,
      );
    } finally {
      this.pending = [];
    }
    await this.saveCheckpoint();
  }

  /** Events stored after the last one published, counted up to `cap` (one bounded read; 0 when caught up). */
  async lag(cap: number): Promise<number> {
    return (await this.eventStore.readAll({ after: this.position, maxCount: cap })).length;
  }

  private async relay(event: RecordedEvent): Promise<void> {
    const message = toRelayMessage(event, this.allowlists);
    const topic = message && relayTopic(message.category);
    if (topic && !this.ensuredTopics.has(topic)) {
      // Brokers often run without topic auto-creation; publishing to a missing topic would stall the relay.
      await this.bus.ensureTopics([topic]);
      this.ensuredTopics.add(topic);
    }
    this.pending.push({
      topic,
      message: message && { key: event.streamId, value: { ...message } },
      position: event.position,
    });
    // Back-pressure: a full batch (or a bus that keeps failing) holds the subscription until it is published.
    while (this.pending.length >= this.maxBatch && !this.stopping) await this.flush();
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      // The rest of the page arrives in microtasks, and other commands' events within the linger.
      setTimeout(() => {
        this.flushScheduled = false;
        void this.flush();
      }, this.lingerMs);
    }
  }

  /** Publishes what is pending, one batch at a time, retrying a failed batch until it succeeds or the relay stops. */
  private flush(): Promise<void> {
    // `finally` runs after the assignment even when nothing is pending, so a settled flush is never kept.
    this.flushing ??= this.publishAll().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async publishAll(): Promise<void> {
    while (this.pending.length > 0 && !this.stopping) {
      try {
        await this.publishPending();
      } catch (error) {
        this.logger.warn(`${this.checkpointName}: publish failed, retrying: ${String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs));
      }
    }
  }

  /** One batch: each topic's messages in one bus write (all topics at once), in log order, then the checkpoint. */
  private async publishPending(): Promise<void> {
    const batch = this.pending.slice(0, this.maxBatch);
    if (batch.length === 0) return;
    const byTopic = new Map<string, OutgoingMessage[]>();
    for (const { topic, message } of batch) {
      if (!topic || !message) continue;
      const messages = byTopic.get(topic) ?? [];
      messages.push(message);
      byTopic.set(topic, messages);
    }
    // Called together, so a bus that groups writes (the embedded one) stores the batch in one transaction;
    // settled together, so a retry never overtakes a publish still in flight. Unsynced: the event log can
    // always publish it again, as long as the checkpoint stays behind the bus's last sync (saveCheckpoint).
    const published = await Promise.allSettled(
      [...byTopic].map(([topic, messages]) => this.bus.publishUnsynced(topic, messages)),
    );
    const failed = published.find((p): p is PromiseRejectedResult => p.status === 'rejected');
    if (failed) throw failed.reason;
    this.pending = this.pending.slice(batch.length);
    this.position = batch[batch.length - 1].position;
    this.checkpointTimer ??= setTimeout(() => void this.saveCheckpoint(), this.checkpointEveryMs).unref();
  }

  /**
   * Makes what was published durable (one `bus.sync()`), then saves the position it covers: a power cut
   * loses at most what came after, which the next start publishes again from the checkpoint. A failed
   * sync or save leaves the checkpoint where it was, for the next try.
   */
  private saveCheckpoint(): Promise<void> {
    if (this.checkpointTimer) clearTimeout(this.checkpointTimer);
    this.checkpointTimer = null;
    this.checkpointing = this.checkpointing.then(async () => {
      const position = this.position; // every publish up to it has resolved, so the sync covers it
      if (position <= this.savedPosition) return;
      try {
        await this.bus.sync();
        await this.checkpoints.save([{ name: this.checkpointName, position }]);
        this.savedPosition = position;
      } catch (error) {
        this.logger.warn(`${this.checkpointName}: checkpoint not saved, trying again later: ${String(error)}`);
        if (!this.stopping)
          this.checkpointTimer ??= setTimeout(() => void this.saveCheckpoint(), this.retryDelayMs).unref();
      }
    });
    return this.checkpointing;
  }
}
