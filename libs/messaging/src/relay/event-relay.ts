import type { EventStore, EventSubscription, RecordedEvent } from '@lib/eventstore';
import { CheckpointStore, ReadStore } from '@lib/readstore';
import { MessageBus } from '../message-bus.port';
import { RELAY_CATEGORIES, relayTopic, toRelayMessage } from './relay-message';

export interface EventRelayOptions {
  /** Names the checkpoint (`relay:<name>` in `_checkpoints`); one relay per name. Default 'analytics'. */
  name?: string;
}

/**
 * Publishes every domain event, in global order, to `events.<category>` (see relay-message.ts for the
 * format). The checkpoint is saved only after the bus has stored the message, so a crash republishes at
 * most the last event and never skips one.
 */
export class EventRelay {
  private subscription: EventSubscription | null = null;
  /** Global position of the last event published. */
  private position = 0;
  private readonly checkpoints: CheckpointStore;
  private readonly checkpointName: string;
  /** Topics known to exist; a category not in the list gets its topic created on first sight. */
  private readonly ensuredTopics = new Set<string>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly bus: MessageBus,
    readStore: ReadStore,
    options: EventRelayOptions = {},
  ) {
    this.checkpoints = new CheckpointStore(readStore);
    this.checkpointName = `relay:${options.name ?? 'analytics'}`;
  }

  /** Creates the category topics and follows the log from the saved checkpoint. */
  async start(): Promise<void> {
    if (this.subscription) return;
    const topics = RELAY_CATEGORIES.map(relayTopic);
    await this.bus.ensureTopics(topics);
    topics.forEach((topic) => this.ensuredTopics.add(topic));
    const after = await this.checkpoints.load(this.checkpointName);
    this.position = after;
    this.subscription = this.eventStore.subscribeToAll({ after, name: this.checkpointName }, (event) =>
      this.relay(event),
    );
  }

  /** Stops after the event in progress has been published and checkpointed. */
  async stop(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
  }

  /** Events stored after the last one published, counted up to `cap` (one bounded read; 0 when caught up). */
  async lag(cap: number): Promise<number> {
    return (await this.eventStore.readAll({ after: this.position, maxCount: cap })).length;
  }

  private async relay(event: RecordedEvent): Promise<void> {
    const message = toRelayMessage(event);
    const topic = relayTopic(message.category);
    if (!this.ensuredTopics.has(topic)) {
      // Brokers often run without topic auto-creation; publishing to a missing topic would stall the relay.
      await this.bus.ensureTopics([topic]);
      this.ensuredTopics.add(topic);
    }
    await this.bus.publish(topic, [{ key: event.streamId, value: { ...message } }]);
    await this.checkpoints.save([{ name: this.checkpointName, position: event.position }]);
    this.position = event.position;
  }
}
