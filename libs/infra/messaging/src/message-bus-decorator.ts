import {
  MessageBus,
  type BusConsumer,
  type EnsureTopicsOptions,
  type IncomingMessage,
  type OutgoingMessage,
  type SubscribeOptions,
} from './message-bus.port';

/** How a publish reaches the wrapped bus: synced (`publish`) or not (`publishUnsynced`). */
export type PublishTo = (topic: string, messages: OutgoingMessage[]) => Promise<void>;

/**
 * A bus that wraps another (sealing, a namespace, a test harness's faults) and passes through all it does not
 * change: the one place that lists the port's methods for a wrapper. Both kinds of publish go through `send`,
 * so a wrapper that changes what is published changes it for synced and unsynced publishes alike and the
 * inner bus keeps its own durability (an unsynced publish stays unsynced, `sync` reaches the inner bus).
 */
export abstract class MessageBusDecorator extends MessageBus {
  constructor(protected readonly inner: MessageBus) {
    super();
  }

  /** What a publish sends to the wrapped bus: by default the messages as given, to the topic named. */
  protected send(topic: string, messages: OutgoingMessage[], to: PublishTo): Promise<void> {
    return to(topic, messages);
  }

  ensureTopics(topics: string[], options?: EnsureTopicsOptions): Promise<void> {
    return this.inner.ensureTopics(topics, options);
  }

  publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    return this.send(topic, messages, (to, sent) => this.inner.publish(to, sent));
  }

  override publishUnsynced(topic: string, messages: OutgoingMessage[]): Promise<void> {
    return this.send(topic, messages, (to, sent) => this.inner.publishUnsynced(to, sent));
  }

  override sync(): Promise<void> {
    return this.inner.sync();
  }

  subscribe(options: SubscribeOptions, handler: (message: IncomingMessage) => Promise<void>): Promise<BusConsumer> {
    return this.inner.subscribe(options, handler);
  }

  forgetMessages(fields: string[], value: string | number, exceptTopics?: string[]): Promise<number> {
    return this.inner.forgetMessages(fields, value, exceptTopics);
  }

  forgetMessagesHolding(text: string): Promise<number> {
    return this.inner.forgetMessagesHolding(text);
  }

  ping(): Promise<boolean> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
