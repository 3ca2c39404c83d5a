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
   * few at a time from many commands, and each batch costs one durable write (on the embedded bus an fsync
   * that stalls the whole process). At 5 ms a single verify, whose five appends are a few ms apart, cost
   * 2.5 bus fsyncs, about as many as its own event-store commits (issue 40); consumers of the relayed
   * topics (auto top-up, job dispatch) hear at most 20 ms later for it.
   */
  lingerMs?: number;
  /**
   * What the allowlisted topics (verifications, finder, jobs, jobnotices) publish of each event type; without
   * it their events publish no data at all. libs/projector composes it from the domains' allowlists.
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
 * topic, because each durable write is an fsync and one per event was the relay's whole cost. The
 * checkpoint is saved only after the bus has stored the batch, so a crash republishes at most the last
 * batch (consumers are at-least-once) and never skips an event; a failed publish is retried with the same
 * batch, in order, until it succeeds or the relay stops (then the next start republishes from the checkpoint).
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
    // Called together, so a bus that groups writes (the embedded one) stores the batch with one fsync;
    // settled together, so a retry never overtakes a publish still in flight.
    const published = await Promise.allSettled(
      [...byTopic].map(([topic, messages]) => this.bus.publish(topic, messages)),
    );
    const failed = published.find((p): p is PromiseRejectedResult => p.status === 'rejected');
    if (failed) throw failed.reason;
    const position = batch[batch.length - 1].position;
    await this.checkpoints.save([{ name: this.checkpointName, position }]);
    this.pending = this.pending.slice(batch.length);
    this.position = position;
  }
}
