import {
  BusConsumer,
  IncomingMessage,
  MessageBus,
  MessageBusDecorator,
  OutgoingMessage,
  PublishTo,
  SubscribeOptions,
} from '@lib/messaging';
import type { CrashSwitch } from './crash-points';

/**
 * The app's bus, delivering every message twice (the second time as a redelivery after a crash between
 * the handler's end and the offset commit), with a publishing handler killable before or after a publish, and
 * a handler that makes the bus forget messages (an erasure) killable before or after that.
 * A handler that throws is redelivered by the real bus underneath, as after a restart.
 */
export class TwiceDeliveringBus extends MessageBusDecorator {
  constructor(
    inner: MessageBus,
    private readonly crash: CrashSwitch,
  ) {
    super(inner);
  }

  protected override send(topic: string, messages: OutgoingMessage[], to: PublishTo): Promise<void> {
    const asEvents = messages.map((m) => ({ type: `publish:${topic}`, data: m.value }));
    return this.crash.around(topic, asEvents, () => to(topic, messages));
  }

  override subscribe(
    options: SubscribeOptions,
    handler: (message: IncomingMessage) => Promise<void>,
  ): Promise<BusConsumer> {
    return this.inner.subscribe(options, async (message) => {
      await handler(message);
      await handler({ ...message, attempt: message.attempt + 1 });
    });
  }

  override forgetMessages(fields: string[], value: string | number, exceptTopics?: string[]): Promise<number> {
    const asEvents = [{ type: 'forget:bus', data: { fields, value } }];
    return this.crash.around('bus', asEvents, () => this.inner.forgetMessages(fields, value, exceptTopics));
  }

  override forgetMessagesHolding(text: string): Promise<number> {
    const asEvents = [{ type: 'forget:bus', data: { holding: text } }];
    return this.crash.around('bus', asEvents, () => this.inner.forgetMessagesHolding(text));
  }
}
