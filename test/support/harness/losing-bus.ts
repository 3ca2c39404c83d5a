import { BusConsumer, IncomingMessage, MessageBus, MessageBusDecorator, SubscribeOptions } from '@lib/messaging';
import { SimulatedCrash } from './crash-points';

/**
 * The app's bus, losing the message whose handler a SimulatedCrash killed: its offset is committed as if
 * the work had finished, so nothing redelivers it. The test may hand it to its consumer again later
 * (`redeliverLost`), as a bus that finally redelivers it would.
 */
export class LosingBus extends MessageBusDecorator {
  private lost: { message: IncomingMessage; handler: (message: IncomingMessage) => Promise<void> } | null = null;

  constructor(inner: MessageBus) {
    super(inner);
  }

  /** The message lost so far, if any. */
  get lostMessage(): IncomingMessage | null {
    return this.lost?.message ?? null;
  }

  async redeliverLost(): Promise<void> {
    if (!this.lost) throw new Error('no message was lost');
    await this.lost.handler({ ...this.lost.message, attempt: this.lost.message.attempt + 1 });
  }

  override subscribe(
    options: SubscribeOptions,
    handler: (message: IncomingMessage) => Promise<void>,
  ): Promise<BusConsumer> {
    return this.inner.subscribe(options, async (message) => {
      try {
        await handler(message);
      } catch (error) {
        if (!(error instanceof SimulatedCrash)) throw error;
        this.lost = { message, handler };
      }
    });
  }
}
