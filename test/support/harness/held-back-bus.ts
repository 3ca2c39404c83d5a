import { BusConsumer, IncomingMessage, MessageBus, MessageBusDecorator, SubscribeOptions } from '@lib/messaging';

/**
 * The app's bus, keeping back every message of one topic from one consumer group of the app (its offset is
 * committed, as if handled): the test hands each to the consumer code itself, when and as often as it
 * wants, for deliveries whose timing it must control (two deliveries of one message that overlap).
 */
export class HeldBackBus extends MessageBusDecorator {
  /** The messages kept back, in the order they arrived. */
  readonly held: IncomingMessage[] = [];

  constructor(
    inner: MessageBus,
    private readonly groupId: string,
    private readonly topic: string,
  ) {
    super(inner);
  }

  override subscribe(
    options: SubscribeOptions,
    handler: (message: IncomingMessage) => Promise<void>,
  ): Promise<BusConsumer> {
    if (options.groupId !== this.groupId) return this.inner.subscribe(options, handler);
    return this.inner.subscribe(options, async (message) => {
      if (message.topic === this.topic) this.held.push(message);
      else await handler(message);
    });
  }
}
