// How a bus member comes back after kafkajs crashed its consumer: on a new kafkajs consumer, after a pause
// that grows while it keeps crashing (not kafkajs's own restart every 300-400 ms on the same consumer, which
// after a broker restart had every member of a worker hammer the broker while it loaded its coordinators).
// The kafkajs consumer is a scripted stand-in: a broker cannot be made to crash a member on cue.
import type { Consumer } from 'kafkajs';
import { SILENT_BUS_OBSERVER } from '../bus-observer';
import { HandlerSlots } from '../handler-slots';
import { KafkaBusConsumer } from './kafka-bus-consumer';

const EVENTS = { CRASH: 'consumer.crash', GROUP_JOIN: 'consumer.group_join' } as const;

/** The part of a kafkajs consumer the member uses; `crash` emits what kafkajs emits when it will not restart. */
class ScriptedConsumer {
  readonly events = EVENTS;
  readonly calls: string[] = [];
  private readonly listeners = new Map<string, Array<(event: unknown) => void>>();

  on(event: string, listener: (event: unknown) => void): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  private emit(event: string, payload: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) listener({ payload });
  }
  crash(message: string): void {
    this.calls.push('crashed');
    this.emit(EVENTS.CRASH, { error: new Error(message), groupId: 'g', restart: false });
  }
  joined(): void {
    this.emit(EVENTS.GROUP_JOIN, { groupId: 'g' });
  }
  async connect(): Promise<void> {
    this.calls.push('connect');
  }
  async subscribe(): Promise<void> {
    this.calls.push('subscribe');
  }
  async run(): Promise<void> {
    this.calls.push('run');
  }
  pause(): void {
    this.calls.push('pause');
  }
  async disconnect(): Promise<void> {
    this.calls.push('disconnect');
  }
}

function member() {
  const built: ScriptedConsumer[] = [];
  const logged: string[] = [];
  const bus = new KafkaBusConsumer(
    () => {
      const consumer = new ScriptedConsumer();
      built.push(consumer);
      return consumer as unknown as Consumer;
    },
    { groupId: 'g', topics: ['t'] },
    1,
    new HandlerSlots(1),
    async () => undefined,
    async () => undefined,
    (line) => logged.push(line),
    SILENT_BUS_OBSERVER,
  );
  return { bus, built, logged };
}

describe('a Kafka bus member whose kafkajs consumer crashed', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('joins again on a new kafkajs consumer after a pause, the crashed one disconnected', async () => {
    const { bus, built, logged } = member();
    await bus.start();
    expect(built).toHaveLength(1);

    built[0].crash('This is not the correct coordinator for this group');
    await jest.advanceTimersByTimeAsync(999);
    expect(built).toHaveLength(1);
    expect(built[0].calls).toContain('disconnect');
    await jest.advanceTimersByTimeAsync(1001);
    expect(built).toHaveLength(2);
    expect(built[1].calls).toEqual(['connect', 'subscribe', 'run']);
    expect(logged.join('\n')).toMatch(
      /kafkajs stopped the member \(This is not the correct coordinator.*\); joining again/,
    );
    await bus.stop();
  });

  it('pauses twice as long while it keeps crashing, and starts over once it joined', async () => {
    const { bus, built } = member();
    await bus.start();
    built[0].crash('The coordinator is loading');
    await jest.advanceTimersByTimeAsync(2000);
    expect(built).toHaveLength(2);

    built[1].crash('The coordinator is loading');
    await jest.advanceTimersByTimeAsync(1999);
    expect(built).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(2001);
    expect(built).toHaveLength(3);

    built[2].joined();
    built[2].crash('The coordinator is loading');
    await jest.advanceTimersByTimeAsync(2000);
    expect(built).toHaveLength(4);
    await bus.stop();
  });

  it('ignores a late crash of a consumer it already replaced', async () => {
    const { bus, built } = member();
    await bus.start();
    built[0].crash('The coordinator is loading');
    await jest.advanceTimersByTimeAsync(2000);
    built[0].crash('The coordinator is loading');
    await jest.advanceTimersByTimeAsync(30_000);
    expect(built).toHaveLength(2);
    await bus.stop();
  });

  it('does not join again once stopped during the pause', async () => {
    const { bus, built } = member();
    await bus.start();
    built[0].crash('The coordinator is loading');
    await bus.stop();
    await jest.advanceTimersByTimeAsync(30_000);
    expect(built).toHaveLength(1);
  });
});
