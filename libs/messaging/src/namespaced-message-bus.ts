import {
  MessageBus,
  type BusConsumer,
  type EnsureTopicsOptions,
  type IncomingMessage,
  type OutgoingMessage,
  type SubscribeOptions,
} from './message-bus.port';

/**
 * One deployment's share of a broker that others use too (another environment, a test run): every topic and
 * consumer group it names is prefixed with the namespace, so its consumer groups never take partitions of
 * another deployment's topics, nor theirs of its own. The app's code keeps its topic names: messages are
 * delivered with the name it subscribed to.
 */
export class NamespacedMessageBus extends MessageBus {
  constructor(
    private readonly inner: MessageBus,
    private readonly namespace: string,
  ) {
    super();
  }

  private named(topic: string): string {
    return this.namespace + topic;
  }

  ensureTopics(topics: string[], options?: EnsureTopicsOptions): Promise<void> {
    return this.inner.ensureTopics(
      topics.map((topic) => this.named(topic)),
      options,
    );
  }

  publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    return this.inner.publish(this.named(topic), messages);
  }

  subscribe(options: SubscribeOptions, handler: (message: IncomingMessage) => Promise<void>): Promise<BusConsumer> {
    return this.inner.subscribe(
      { ...options, groupId: this.named(options.groupId), topics: options.topics.map((topic) => this.named(topic)) },
      (message) => handler({ ...message, topic: message.topic.slice(this.namespace.length) }),
    );
  }

  forgetMessages(fields: string[], value: string | number, exceptTopics?: string[]): Promise<number> {
    return this.inner.forgetMessages(
      fields,
      value,
      exceptTopics?.map((topic) => this.named(topic)),
    );
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
