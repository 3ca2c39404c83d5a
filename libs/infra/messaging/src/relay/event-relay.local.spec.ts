import { SqliteEventStore } from '@lib/eventstore';
import { CheckpointStore, SqliteReadStore } from '@lib/readstore';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteMessageBus } from '../embedded/sqlite-message-bus';
import type { BusConsumer, IncomingMessage } from '../message-bus.port';
import { eventually } from '@lib/common/testing';
import { BROKER_PATIENCE } from '../testing/contract-context';
import { EventRelay } from './event-relay';
import schema from './relay-message.schema.json';

/** The test's own event type on the allowlisted topics (issue 39: those publish only decided fields). */
const STEP = { n: true, round: true, size: true };
const STEPS = { jobs: { Step: STEP, JobQueued: STEP }, verifications: { Step: STEP } };

describe('event relay', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let bus: SqliteMessageBus;
  let relay: EventRelay;
  let consumer: BusConsumer | null;
  const received: IncomingMessage[] = [];

  function open(): void {
    events = new SqliteEventStore(join(dir, 'events.sqlite'), { pollIntervalMs: 20 });
    reads = new SqliteReadStore(join(dir, 'read.sqlite'));
    bus = new SqliteMessageBus(join(dir, 'bus.sqlite'), { partitions: 2, pollIntervalMs: 20 });
    relay = new EventRelay(events, bus, reads, { allowlists: STEPS });
  }

  async function closeAll(): Promise<void> {
    await consumer?.stop();
    consumer = null;
    await relay.stop();
    await Promise.all([events.close(), reads.close(), bus.close()]);
  }

  async function listen(topics: string[]): Promise<void> {
    consumer = await bus.subscribe({ groupId: 'analytics-test', topics }, async (m) => {
      received.push(m);
    });
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'relay-'));
    received.length = 0;
    open();
  });
  afterEach(async () => {
    await closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('publishes each event to its category topic keyed by stream, in the documented v1 shape', async () => {
    await events.appendToStream(
      'credits-acc1',
      [{ type: 'CreditsAdded', data: { amount: 5 }, metadata: { occurredAt: '2025-01-02T03:04:05.000Z' } }],
      'no_stream',
    );
    const job = await events.appendToStream('jobs-j1', [{ type: 'JobQueued', data: { size: 3 } }], 'no_stream');
    await relay.start();
    await listen(['events.credits', 'events.jobs']);
    await eventually(() => expect(received).toHaveLength(2), BROKER_PATIENCE);
    const credits = received.find((m) => m.topic === 'events.credits') as IncomingMessage;
    expect(credits.key).toBe('credits-acc1');
    expect(credits.value).toMatchObject({
      schemaVersion: 1,
      type: 'CreditsAdded',
      stream: 'credits-acc1',
      category: 'credits',
      revision: 0,
      occurredAt: '2025-01-02T03:04:05.000Z',
      data: { amount: 5 },
    });
    const jobs = received.find((m) => m.topic === 'events.jobs') as IncomingMessage;
    expect(jobs.value).toMatchObject({ category: 'jobs', position: job.position });
    const [stored] = await events.readStream('jobs-j1');
    expect(jobs.value).toMatchObject({ eventId: stored.id, occurredAt: stored.recordedAt });
  });

  it('counts the events stored after the last one it published as its lag, up to the cap', async () => {
    for (const n of [1, 2, 3])
      await events.appendToStream(`jobs-lag${n}`, [{ type: 'JobQueued', data: { n } }], 'no_stream');
    expect(await relay.lag(100)).toBe(3);
    expect(await relay.lag(2)).toBe(2);
    await relay.start();
    await listen(['events.jobs']);
    await eventually(() => expect(received).toHaveLength(3), BROKER_PATIENCE);
    await eventually(async () => expect(await relay.lag(100)).toBe(0), BROKER_PATIENCE);
  });

  it('sends exactly the fields the JSON schema requires, with the declared types', async () => {
    await events.appendToStream(
      'finder-f1',
      [{ type: 'FinderRequested', data: { domain: 'example.com' } }],
      'no_stream',
    );
    await relay.start();
    await listen(['events.finder']);
    await eventually(() => expect(received).toHaveLength(1), BROKER_PATIENCE);
    const value = received[0].value as Record<string, unknown>;
    expect(Object.keys(value).sort()).toEqual([...schema.required].sort());
    const jsonType = (v: unknown) => (Number.isInteger(v) ? 'integer' : Array.isArray(v) ? 'array' : typeof v);
    for (const [field, rule] of Object.entries(schema.properties) as [string, { type?: string; const?: unknown }][]) {
      if (rule.const !== undefined) expect(value[field]).toBe(rule.const);
      else expect([field, jsonType(value[field])]).toEqual([field, rule.type]);
    }
  });

  it('keeps the order of one stream on its topic', async () => {
    await relay.start();
    await listen(['events.verifications']);
    for (let n = 0; n < 10; n += 1)
      await events.appendToStream('verifications-v1', [{ type: 'Step', data: { n } }], n === 0 ? 'no_stream' : n - 1);
    await eventually(
      () => expect(received.map((m) => m.value.data.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
      BROKER_PATIENCE,
    );
  });

  it('resumes from its checkpoint after a restart without publishing earlier events again', async () => {
    await relay.start();
    await events.appendToStream('webhooks-w1', [{ type: 'WebhookRegistered', data: {} }], 'no_stream');
    await listen(['events.webhooks']);
    await eventually(() => expect(received).toHaveLength(1), BROKER_PATIENCE);
    await closeAll();
    open();
    await events.appendToStream('webhooks-w1', [{ type: 'WebhookDisabled', data: {} }], 0);
    await relay.start();
    await listen(['events.webhooks']);
    await eventually(
      () => expect(received.map((m) => m.value.type)).toEqual(['WebhookRegistered', 'WebhookDisabled']),
      BROKER_PATIENCE,
    );
    await new Promise((resolve) => setTimeout(resolve, 200)); // a deliberate pause: room for a duplicate, if there were one
    expect(received).toHaveLength(2);
  });

  it('finding 4: publishes nothing of a category it has no topic decision for, and still moves past it', async () => {
    await events.appendToStream('legacy', [{ type: 'Imported', data: {} }], 'no_stream');
    await events.appendToStream(
      'email-claims-abc',
      [{ type: 'EmailClaimed', data: { email: 'ada@x.test', userId: '7' } }],
      'no_stream',
    );
    await events.appendToStream('jobs-after', [{ type: 'JobQueued', data: { n: 1 } }], 'no_stream');
    await relay.start();
    await listen(['events.other', 'events.email', 'events.jobs']);
    await eventually(() => expect(received.map((m) => m.key)).toEqual(['jobs-after']), BROKER_PATIENCE);
    await eventually(async () => expect(await relay.lag(100)).toBe(0), BROKER_PATIENCE);
    await events.appendToStream('legacy', [{ type: 'Imported', data: {} }], 0);
    await eventually(async () => expect(await relay.lag(100)).toBe(0), BROKER_PATIENCE);
    expect(received.map((m) => m.key)).toEqual(['jobs-after']);
  });

  /** Counts the bus writes the relay makes and fails the first `failures` of them (the bus itself is real). */
  function watchPublishes(failures = 0): { writes: () => number } {
    const publish = bus.publishUnsynced.bind(bus);
    let writes = 0;
    let failed = 0;
    bus.publishUnsynced = async (topic, messages) => {
      if (failed < failures) {
        failed += 1;
        throw new Error('broker unavailable');
      }
      writes += 1;
      return publish(topic, messages);
    };
    return { writes: () => writes };
  }

  it('publishes a page of events as a batch: one bus write per topic, every event once', async () => {
    for (let n = 0; n < 60; n += 1)
      await events.appendToStream(n % 2 ? `jobs-b${n}` : `credits-b${n}`, [{ type: 'Step', data: { n } }], 'no_stream');
    const publishes = watchPublishes();
    await relay.start();
    await listen(['events.jobs', 'events.credits']);
    await eventually(() => expect(received).toHaveLength(60), BROKER_PATIENCE);
    // Order is kept per stream (key), which the test above checks; here each stream has one event.
    const order = (topic: string) =>
      received
        .filter((m) => m.topic === topic)
        .map((m) => m.value.data.n)
        .sort((a, b) => a - b);
    expect(order('events.credits')).toEqual(Array.from({ length: 30 }, (_, k) => 2 * k));
    expect(order('events.jobs')).toEqual(Array.from({ length: 30 }, (_, k) => 2 * k + 1));
    // 60 events, two topics: a handful of batches, not 60 writes.
    expect(publishes.writes()).toBeLessThanOrEqual(6);
    await eventually(async () => expect(await relay.lag(100)).toBe(0), BROKER_PATIENCE);
  });

  it('retries a batch the bus refused, in order, and skips nothing', async () => {
    relay = new EventRelay(events, bus, reads, { retryDelayMs: 10, allowlists: STEPS });
    for (let n = 0; n < 5; n += 1)
      await events.appendToStream('verifications-r1', [{ type: 'Step', data: { n } }], n === 0 ? 'no_stream' : n - 1);
    watchPublishes(2);
    await relay.start();
    await listen(['events.verifications']);
    await eventually(() => expect(received.map((m) => m.value.data.n)).toEqual([0, 1, 2, 3, 4]), BROKER_PATIENCE);
    await eventually(async () => expect(await relay.lag(100)).toBe(0), BROKER_PATIENCE);
  });

  it('publishes what it read before it stops, and the next start does not publish it again', async () => {
    await relay.start();
    await listen(['events.webhooks']);
    for (let n = 0; n < 5; n += 1)
      await events.appendToStream(`webhooks-s${n}`, [{ type: 'WebhookRegistered', data: { n } }], 'no_stream');
    await eventually(() => expect(received).toHaveLength(5), BROKER_PATIENCE);
    await closeAll();
    open();
    await relay.start();
    await listen(['events.webhooks']);
    await new Promise((resolve) => setTimeout(resolve, 200)); // a deliberate pause: room for a duplicate, if there were one
    expect(received).toHaveLength(5);
  });

  it('keeps publishing when batches fill faster than the linger (back-pressure), in many rounds', async () => {
    relay = new EventRelay(events, bus, reads, { maxBatch: 4, allowlists: STEPS });
    await relay.start();
    await listen(['events.jobs']);
    for (let round = 0; round < 5; round += 1) {
      for (let n = 0; n < 8; n += 1)
        await events.appendToStream(`jobs-p${round}-${n}`, [{ type: 'Step', data: { round, n } }], 'no_stream');
      await eventually(() => expect(received).toHaveLength((round + 1) * 8), BROKER_PATIENCE);
    }
    await eventually(async () => expect(await relay.lag(100)).toBe(0), BROKER_PATIENCE);
  });

  it('killed after the bus stored a batch but before its checkpoint, republishes that batch and loses nothing', async () => {
    for (let n = 0; n < 6; n += 1)
      await events.appendToStream(`jobs-k${n}`, [{ type: 'Step', data: { n } }], 'no_stream');
    // The "kill": the bus stores the batch, then the process dies before the checkpoint is written.
    const publish = bus.publishUnsynced.bind(bus);
    let killed = false;
    bus.publishUnsynced = async (topic, messages) => {
      if (killed) throw new Error('the process is dead');
      await publish(topic, messages);
      killed = true;
      throw new Error('killed after the bus stored the batch');
    };
    await relay.start();
    await eventually(() => expect(killed).toBe(true), BROKER_PATIENCE);
    await relay.stop();
    await Promise.all([events.close(), reads.close(), bus.close()]);
    open();
    await relay.start();
    await listen(['events.jobs']);
    await eventually(async () => expect(await relay.lag(100)).toBe(0), BROKER_PATIENCE);
    await eventually(() => {
      const ids = received.map((m) => m.value.eventId);
      // At least once: every event arrives; the batch stored before the kill arrives twice (consumers dedupe by event id).
      expect(new Set(ids).size).toBe(6);
      expect(ids).toHaveLength(12); // the stored batch, then the same six again from the checkpoint
    }, BROKER_PATIENCE);
  });

  it('keeps its checkpoint behind what the bus has synced: a power cut can only make it publish again', async () => {
    const saved = () => new CheckpointStore(reads).load('relay:analytics');
    const sync = bus.sync.bind(bus);
    let diskBack = false;
    let failedSyncs = 0;
    bus.sync = async () => {
      if (diskBack) return sync();
      failedSyncs += 1;
      throw new Error('disk unavailable');
    };
    relay = new EventRelay(events, bus, reads, { checkpointEveryMs: 20, retryDelayMs: 20, allowlists: STEPS });
    await relay.start();
    await listen(['events.jobs']);
    for (let n = 0; n < 4; n += 1)
      await events.appendToStream(`jobs-c${n}`, [{ type: 'Step', data: { n } }], 'no_stream');
    // Published (and delivered) at once, unsynced; the checkpoint waits for a sync that succeeds.
    await eventually(() => expect(received).toHaveLength(4), BROKER_PATIENCE);
    await eventually(() => expect(failedSyncs).toBeGreaterThanOrEqual(2), BROKER_PATIENCE);
    expect(await saved()).toBe(0);
    diskBack = true;
    const last = (await events.readAll()).at(-1)!.position;
    await eventually(async () => expect(await saved()).toBe(last), BROKER_PATIENCE);
  });
});
