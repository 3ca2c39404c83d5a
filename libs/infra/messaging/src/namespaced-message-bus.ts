import type {
  BusConsumer,
  EnsureTopicsOptions,
  IncomingMessage,
  MessageBus,
  OutgoingMessage,
  SubscribeOptions,
} from './message-bus.port';
import { MessageBusDecorator, type PublishTo } from './message-bus-decorator';

/**
 * One deployment's share of a broker that others use too (another environment, a test run): every topic and
 * consumer group it names is prefixed with the namespace, so its consumer groups never take partitions of
 * another deployment's topics, nor theirs of its own. The app's code keeps its topic names: messages are
 * delivered with the name it subscribed to.
 */
export class NamespacedMessageBus extends MessageBusDecorator {
  constructor(
    inner: MessageBus,
    private readonly namespace: string,
  ) {
    super(inner);
  }

  private named(topic: string): string {
    return this.namespace + topic;
  }

  override ensureTopics(topics: string[], options?: EnsureTopicsOptions): Promise<void> {
    return this.inner.ensureTopics(
      topics.map((topic) => this.named(topic)),
      options,
    );
  }

  protected override send(topic: string, messages: OutgoingMessage[], to: PublishTo): Promise<void> {
    return to(this.named(topic), messages);
  }

  override subscribe(
    options: SubscribeOptions,
    handler: (message: IncomingMessage) => Promise<void>,
  ): Promise<BusConsumer> {
    return this.inner.subscribe(
      { ...options, groupId: this.named(options.groupId), topics: options.topics.map((topic) => this.named(topic)) },
      (message) => handler({ ...message, topic: message.topic.slice(this.namespace.length) }),
    );
  }

  override forgetMessages(fields: string[], value: string | number, exceptTopics?: string[]): Promise<number> {
    return this.inner.forgetMessages(
      fields,
      value,
      exceptTopics?.map((topic) => this.named(topic)),
    );
  }
}
