import {
  BusConsumer,
  EnsureTopicsOptions,
  IncomingMessage,
  MessageBus,
  OutgoingMessage,
  SubscribeOptions,
} from '@lib/messaging';

/**
 * The app's bus, keeping back every message of one topic from one consumer group of the app (its offset is
 * committed, as if handled): the test hands each to the consumer code itself, when and as often as it
 * wants, for deliveries whose timing it must control (two deliveries of one message that overlap).
 */
export class HeldBackBus extends MessageBus {
  /** The messages kept back, in the order they arrived. */
  readonly held: IncomingMessage[] = [];

  constructor(
    private readonly inner: MessageBus,
    private readonly groupId: string,
    private readonly topic: string,
  ) {
    super();
  }

  ensureTopics(topics: string[], options?: EnsureTopicsOptions): Promise<void> {
    return this.inner.ensureTopics(topics, options);
  }

  publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    return this.inner.publish(topic, messages);
  }

  subscribe(options: SubscribeOptions, handler: (message: IncomingMessage) => Promise<void>): Promise<BusConsumer> {
    if (options.groupId !== this.groupId) return this.inner.subscribe(options, handler);
    return this.inner.subscribe(options, async (message) => {
      if (message.topic === this.topic) this.held.push(message);
      else await handler(message);
    });
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
