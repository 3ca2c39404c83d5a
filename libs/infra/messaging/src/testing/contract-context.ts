import { portContractContext } from '@lib/common/testing';
import type { BusObserver } from '../bus-observer';
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

/** `observer`, when given, must receive the client's delivery reports (the adapter's `observer` option). */
export type MessageBusFactory = (observer?: BusObserver) => Promise<MessageBusFixture>;

export interface BusContractContext {
  readonly bus: MessageBus;
  open(): Promise<MessageBusFixture>;
  unique(prefix: string): string;
  /** Subscribes and records what the handler saw; the consumer is stopped after the test. */
  record(
    options: SubscribeOptions,
    bus?: MessageBus,
    handler?: (m: IncomingMessage) => Promise<void>,
  ): Promise<Recorder>;
}

export interface Recorder {
  consumer: BusConsumer;
  /** Every delivery the handler received, including failed ones. */
  seen: IncomingMessage[];
}

export function busContractContext(factory: MessageBusFactory): BusContractContext {
  const context = portContractContext(() => factory(), '.');
  let consumers: BusConsumer[] = [];
  // Consumers stop in their own hook; a stop after its client closed is tolerated.
  afterEach(async () => {
    await Promise.all(consumers.map((c) => c.stop().catch(() => undefined)));
    consumers = [];
  });
  return {
    get bus() {
      return context.fixture.bus;
    },
    open: () => context.open(),
    unique: (prefix) => context.unique(prefix),
    async record(options, bus = context.fixture.bus, handler = async () => undefined) {
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

/** How long `eventually` waits on a bus: broker round trips (a Kafka rebalance, say) take longer than the 5 s default. */
export const BROKER_PATIENCE = { timeoutMs: 20_000 };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
