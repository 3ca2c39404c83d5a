import {
  BusConsumer,
  EnsureTopicsOptions,
  IncomingMessage,
  MessageBus,
  OutgoingMessage,
  SubscribeOptions,
} from '@lib/messaging';
import { SimulatedCrash } from './crash-points';

/**
 * The app's bus, losing the message whose handler a SimulatedCrash killed: its offset is committed as if
 * the work had finished, so nothing redelivers it. The test may hand it to its consumer again later
 * (`redeliverLost`), as a bus that finally redelivers it would.
 */
export class LosingBus extends MessageBus {
  private lost: { message: IncomingMessage; handler: (message: IncomingMessage) => Promise<void> } | null = null;

  constructor(private readonly inner: MessageBus) {
    super();
  }

  /** The message lost so far, if any. */
  get lostMessage(): IncomingMessage | null {
    return this.lost?.message ?? null;
  }

  async redeliverLost(): Promise<void> {
    if (!this.lost) throw new Error('no message was lost');
    await this.lost.handler({ ...this.lost.message, attempt: this.lost.message.attempt + 1 });
  }

  ensureTopics(topics: string[], options?: EnsureTopicsOptions): Promise<void> {
    return this.inner.ensureTopics(topics, options);
  }

  publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    return this.inner.publish(topic, messages);
  }

  subscribe(options: SubscribeOptions, handler: (message: IncomingMessage) => Promise<void>): Promise<BusConsumer> {
    return this.inner.subscribe(options, async (message) => {
      try {
        await handler(message);
      } catch (error) {
        if (!(error instanceof SimulatedCrash)) throw error;
        this.lost = { message, handler };
      }
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
