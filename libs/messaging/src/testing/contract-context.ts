import { randomUUID } from 'node:crypto';
import type { BusConsumer, IncomingMessage, MessageBus, SubscribeOptions } from '../message-bus.port';

/**
 * What a factory returns. Every call opens a NEW client on the SAME broker (or the same embedded file):
 * a second call must see what the first published and committed. Tests isolate themselves by unique topic
 * and group names. New groups must start from the earliest message.
 */
export interface MessageBusFixture {
  bus: MessageBus;
  /** Closes this client; leaves topics, messages and committed offsets in place. */
  cleanup(): Promise<void>;
}

export type MessageBusFactory = () => Promise<MessageBusFixture>;

export interface BusContractContext {
  readonly bus: MessageBus;
  open(): Promise<MessageBusFixture>;
  unique(prefix: string): string;
  /** Subscribes and records what the handler saw; the consumer is stopped after the test. */
  record(options: SubscribeOptions, bus?: MessageBus, handler?: (m: IncomingMessage) => Promise<void>): Promise<Recorder>;
}

export interface Recorder {
  consumer: BusConsumer;
  /** Every delivery the handler received, including failed ones. */
  seen: IncomingMessage[];
}

export function busContractContext(factory: MessageBusFactory): BusContractContext {
  const run = randomUUID().slice(0, 8);
  let opened: MessageBusFixture[] = [];
  let consumers: BusConsumer[] = [];
  beforeEach(async () => {
    opened = [await factory()];
  });
  afterEach(async () => {
    await Promise.all(consumers.map((c) => c.stop().catch(() => undefined)));
    for (const fixture of opened.reverse()) await fixture.cleanup().catch(() => undefined);
    opened = [];
    consumers = [];
  });
  return {
    get bus() {
      return opened[0].bus;
    },
    async open() {
      const fixture = await factory();
      opened.push(fixture);
      return fixture;
    },
    unique: (prefix) => `${prefix}.${run}.${randomUUID().slice(0, 8)}`,
    async record(options, bus = opened[0].bus, handler = async () => undefined) {
      const seen: IncomingMessage[] = [];
      const consumer = await bus.subscribe(options, async (m) => {
        seen.push(m);
        await handler(m);
      });
      consumers.push(consumer);
      return { consumer, seen };
    },
  };
}

/** Polls until the assertion stops throwing or the time is up (then rethrows its last error). */
export async function eventually(assertion: () => void | Promise<void>, timeoutMs = 20000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(25);
    }
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
