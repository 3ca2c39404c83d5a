import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WakeSignal } from '@lib/common';
import { walCommits } from '@lib/common/testing';
import type { BusConsumer, IncomingMessage } from '../message-bus.port';
import { messageBusContract } from '../testing/message-bus.contract';
import { eventually } from '@lib/common/testing';
import { BROKER_PATIENCE } from '../testing/contract-context';
import { SqliteMessageBus } from './sqlite-message-bus';
import { partitionOf, TopicLog } from './topic-log';

const dir = mkdtempSync(join(tmpdir(), 'messaging-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Every factory call opens another connection on the same file, like a second process would.
messageBusContract('embedded SQLite', async (observer) => {
  const bus = new SqliteMessageBus(join(dir, 'bus.sqlite'), { partitions: 4, pollIntervalMs: 50, observer });
  return { bus, cleanup: () => bus.close() };
});

describe('embedded bus partitioning', () => {
  it('sends one key to one partition and spreads many keys over all partitions', () => {
    expect(partitionOf('account-1', 4)).toBe(partitionOf('account-1', 4));
    const used = new Set(Array.from({ length: 200 }, (_, i) => partitionOf(`key-${i}`, 4)));
    expect([...used].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('embedded bus group commit', () => {
  let file: string;
  let bus: SqliteMessageBus;
  let consumers: BusConsumer[];
  beforeEach(() => {
    file = join(dir, `group-${Math.random().toString(36).slice(2)}.sqlite`);
    // No polling to speak of: only a publish's wake-up can deliver within a test.
    bus = new SqliteMessageBus(file, { partitions: 4, pollIntervalMs: 600_000 });
    consumers = [];
  });
  afterEach(async () => {
    await Promise.all(consumers.map((c) => c.stop()));
    await bus.close();
  });
  const message = (key: string, n: number | bigint) => ({ key, value: { n } });

  it('writes publishes called in the same turn in one commit, and awaited ones in one commit each', async () => {
    await bus.ensureTopics(['g.a', 'g.b', 'g.c']);
    await bus.publish('g.a', [message('warm-up', 0)]);
    const before = walCommits(file);
    await Promise.all([
      bus.publish('g.a', [message('k1', 1), message('k2', 2)]),
      bus.publish('g.b', [message('k3', 3)]),
      bus.publish('g.c', [message('k4', 4)]),
    ]);
    expect(walCommits(file) - before).toBe(1);
    await bus.publish('g.a', [message('k5', 5)]);
    await bus.publish('g.b', [message('k6', 6)]);
    expect(walCommits(file) - before).toBe(3);
  });

  it('refuses only the publish that cannot be stored; the others of its group are delivered, in order', async () => {
    await bus.ensureTopics(['h.a', 'h.b']);
    const received: Array<[string, number]> = [];
    consumers.push(
      await bus.subscribe({ groupId: 'group-commit', topics: ['h.a', 'h.b'] }, async (m) => {
        received.push([m.topic, m.value.n as number]);
      }),
    );
    const results = await Promise.allSettled([
      bus.publish('h.a', [message('same', 1)]),
      // A value that is not JSON (a BigInt) fails after the first message of this publish was written.
      bus.publish('h.a', [message('same', 2), message('same', BigInt(3))]),
      bus.publish('h.b', [message('other', 4)]),
      bus.publish('h.a', [message('same', 5)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    await eventually(() => expect(received).toHaveLength(3), BROKER_PATIENCE);
    expect(received.filter(([topic]) => topic === 'h.a')).toEqual([
      ['h.a', 1],
      ['h.a', 5],
    ]);
    expect(received).toContainEqual(['h.b', 4]);
  });

  it('wakes the consumers of every partition a publish wrote to', async () => {
    await bus.ensureTopics(['w.a']);
    const keys = Array.from({ length: 12 }, (_, i) => `key-${i}`);
    expect(new Set(keys.map((k) => partitionOf(k, 4))).size).toBe(4);
    const received: string[] = [];
    for (const groupId of ['wake-1', 'wake-2'])
      consumers.push(
        await bus.subscribe({ groupId, topics: ['w.a'], concurrency: 4 }, async (m) => {
          received.push(`${groupId} ${m.key}`);
        }),
      );
    // The workers are idle (waiting) before the publish, so only the wake-up can bring these.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await bus.publish(
      'w.a',
      keys.map((k, n) => message(k, n)),
    );
    await eventually(() => expect(received).toHaveLength(24), BROKER_PATIENCE);
  });
});

describe('embedded bus partition workers', () => {
  it('deliver what is published to their partition while they handle the batch before it', async () => {
    // No polling to speak of: a worker that waited after its batch without reading again would miss these.
    const bus = new SqliteMessageBus(join(dir, `workers-${Math.random().toString(36).slice(2)}.sqlite`), {
      partitions: 1,
      pollIntervalMs: 600_000,
    });
    const received: number[] = [];
    const consumer = await bus.subscribe({ groupId: 'chain', topics: ['c.a'] }, async (m) => {
      const n = m.value.n as number;
      received.push(n);
      if (n < 5) await bus.publish('c.a', [{ key: 'k', value: { n: n + 1 } }]);
    });
    try {
      await bus.publish('c.a', [{ key: 'k', value: { n: 0 } }]);
      await eventually(() => expect(received).toEqual([0, 1, 2, 3, 4, 5]), BROKER_PATIENCE);
    } finally {
      await consumer.stop();
      await bus.close();
    }
  });
});

describe('embedded bus writes of other processes', () => {
  let file: string;
  const closing: Array<() => Promise<void> | void> = [];
  beforeEach(() => {
    file = join(dir, `other-${Math.random().toString(36).slice(2)}.sqlite`);
  });
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  it('tells a commit of another connection from its own publishes and offset commits', () => {
    const own = new TopicLog(file, 2);
    const other = new TopicLog(file, 2);
    closing.push(
      () => own.close(),
      () => other.close(),
    );
    own.changedElsewhere();
    own.append([{ topic: 't', messages: [{ key: 'k', value: { n: 1 } }] }]);
    own.commit('g', 't', partitionOf('k', 2), 1);
    own.sync();
    expect(own.changedElsewhere()).toBe(false);
    other.append([{ topic: 't', messages: [{ key: 'k', value: { n: 2 } }] }]);
    expect(own.changedElsewhere()).toBe(true);
    expect(own.changedElsewhere()).toBe(false);
  });

  it('delivers to idle consumers what another process publishes, within the poll interval', async () => {
    // The consumers' own partition workers never poll: only the bus's check of the file can bring these.
    const consuming = new SqliteMessageBus(file, { partitions: 4, pollIntervalMs: 20 });
    const publishing = new SqliteMessageBus(file, { partitions: 4, pollIntervalMs: 20 });
    closing.push(
      () => consuming.close(),
      () => publishing.close(),
    );
    await consuming.ensureTopics(['x.a']);
    const received: string[] = [];
    await consuming.subscribe({ groupId: 'other', topics: ['x.a'], concurrency: 4 }, async (m) => {
      received.push(m.key);
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    const keys = Array.from({ length: 12 }, (_, i) => `key-${i}`);
    await publishing.publish(
      'x.a',
      keys.map((key, n) => ({ key, value: { n } })),
    );
    await eventually(() => expect([...received].sort()).toEqual([...keys].sort()), BROKER_PATIENCE);
    await publishing.publish('x.a', [{ key: 'later', value: { n: 12 } }]);
    await eventually(() => expect(received).toContain('later'), BROKER_PATIENCE);
  });
});

describe('embedded bus retention', () => {
  const HOUR = 3_600_000;
  const T0 = Date.UTC(2025, 0, 1);
  let clock: number;
  let file: string;
  let bus: SqliteMessageBus;
  let consumers: BusConsumer[];
  let openGates: Array<() => void>;

  beforeEach(() => {
    clock = T0;
    file = join(dir, `retention-${Math.random().toString(36).slice(2)}.sqlite`);
    // One partition and a batch of 2: ordering is total and a pass needs several batches.
    bus = new SqliteMessageBus(file, {
      partitions: 1,
      pollIntervalMs: 20,
      retentionMs: HOUR,
      retentionIntervalMs: 3_600_000,
      retentionBatchSize: 2,
      now: () => clock,
    });
    consumers = [];
    openGates = [];
  });
  afterEach(async () => {
    // A held handler would keep stop() waiting when a test fails before releasing it.
    for (const open of openGates) open();
    await Promise.all(consumers.map((c) => c.stop()));
    await bus.close();
  });

  const publish = (from: number, to: number) =>
    bus.publish(
      't',
      Array.from({ length: to - from }, (_, i) => ({ key: 'k', value: { n: from + i } })),
    );

  /** A group whose handler holds message number `allowed` (and later ones) until `allow` raises the limit. */
  async function gatedGroup(groupId: string, allowed = Number.POSITIVE_INFINITY) {
    const received: IncomingMessage[] = [];
    const opened = new WakeSignal();
    let limit = allowed;
    const consumer = await bus.subscribe({ groupId, topics: ['t'] }, async (m) => {
      received.push(m);
      while (m.value.n >= limit) await opened.wait(1000);
    });
    consumers.push(consumer);
    const allow = (n: number) => {
      limit = n;
      opened.notify();
    };
    openGates.push(() => allow(Number.POSITIVE_INFINITY));
    return {
      received,
      numbers: () => received.map((m) => m.value.n as number),
      allow,
    };
  }

  it('deletes only messages every group has committed that are older than the retention', async () => {
    await publish(0, 4);
    clock = T0 + 30 * 60_000;
    await publish(4, 6);
    const group = await gatedGroup('done');
    await eventually(() => expect(group.numbers()).toEqual([0, 1, 2, 3, 4, 5]), BROKER_PATIENCE);
    await consumers.pop()!.stop();

    clock = T0 + HOUR + 1;
    expect(await bus.trimLog()).toBe(4);
    const late = await gatedGroup('late');
    await eventually(() => expect(late.numbers()).toEqual([4, 5]), BROKER_PATIENCE);
  });

  it('never deletes a message a group has not committed, however old', async () => {
    await publish(0, 6);
    const slow = await gatedGroup('slow', 3);
    const fast = await gatedGroup('fast');
    await eventually(() => expect(fast.numbers()).toEqual([0, 1, 2, 3, 4, 5]), BROKER_PATIENCE);
    await eventually(() => expect(slow.numbers()).toEqual([0, 1, 2, 3]), BROKER_PATIENCE);

    clock = T0 + 10 * HOUR;
    // 0-2 are committed by both groups; 3 is in slow's handler, so it and everything after stays.
    expect(await bus.trimLog()).toBe(3);
    expect(await bus.trimLog()).toBe(0);
    const audit = await gatedGroup('audit');
    await eventually(() => expect(audit.numbers()).toEqual([3, 4, 5]), BROKER_PATIENCE);
    slow.allow(Number.POSITIVE_INFINITY);
    await eventually(() => expect(slow.numbers()).toEqual([0, 1, 2, 3, 4, 5]), BROKER_PATIENCE);
  });

  it('keeps everything for a group that joined but has not committed yet', async () => {
    await publish(0, 3);
    const fast = await gatedGroup('fast');
    await eventually(() => expect(fast.numbers()).toEqual([0, 1, 2]), BROKER_PATIENCE);
    const held = await gatedGroup('held', 0);
    await eventually(() => expect(held.numbers()).toEqual([0]), BROKER_PATIENCE);

    clock = T0 + 10 * HOUR;
    expect(await bus.trimLog()).toBe(0);
    held.allow(Number.POSITIVE_INFINITY);
    await eventually(() => expect(held.numbers()).toEqual([0, 1, 2]), BROKER_PATIENCE);
  });

  it('lets a group receive everything after a trim, with offsets continuing past the trimmed messages', async () => {
    await publish(0, 5);
    const group = await gatedGroup('g');
    await eventually(() => expect(group.numbers()).toEqual([0, 1, 2, 3, 4]), BROKER_PATIENCE);

    clock = T0 + 2 * HOUR;
    // Everything is read and old; the newest message stays so the next append numbers on from it, emptied.
    expect(await bus.trimLog()).toBe(5);
    await publish(5, 8);
    await eventually(() => expect(group.numbers()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]), BROKER_PATIENCE);
    expect(group.received.map((m) => m.offset)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
  });

  it('trims a topic no group has subscribed to by age alone', async () => {
    await publish(0, 3);
    clock = T0 + HOUR - 1;
    expect(await bus.trimLog()).toBe(0);
    clock = T0 + HOUR + 1;
    expect(await bus.trimLog()).toBe(3);
  });

  it('keeps no content past the retention, not even in the newest message, and delivers nothing of it', async () => {
    await bus.publish('t', [{ key: 'k', value: { n: 0, items: [{ email: 'ada@example.test' }] } }]);
    const group = await gatedGroup('g');
    await eventually(() => expect(group.numbers()).toEqual([0]), BROKER_PATIENCE);
    clock = T0 + 2 * HOUR;
    expect(await bus.trimLog()).toBe(1);
    expect(await bus.trimLog()).toBe(0);
    await bus.close();
    expect(readFileSync(file).includes('ada@example.test')).toBe(false);
    bus = new SqliteMessageBus(file, { partitions: 1, pollIntervalMs: 20, retentionMs: HOUR, now: () => clock });
    const late = await gatedGroup('late');
    await publish(1, 2);
    await eventually(() => expect(late.numbers()).toEqual([1]), BROKER_PATIENCE);
  });

  it('ages messages written before retention existed from the first start with it', async () => {
    await bus.close();
    const legacy = join(dir, 'legacy.sqlite');
    const db = new Database(legacy);
    db.exec(`CREATE TABLE messages (topic TEXT NOT NULL, partition INTEGER NOT NULL, offset INTEGER NOT NULL,
      key TEXT NOT NULL, value TEXT NOT NULL, headers TEXT NOT NULL, PRIMARY KEY (topic, partition, offset)) WITHOUT ROWID;
      CREATE TABLE topics (name TEXT PRIMARY KEY, partitions INTEGER NOT NULL);
      INSERT INTO topics VALUES ('t', 1);
      INSERT INTO messages VALUES ('t', 0, 0, 'k', '{"n":0}', '{}'), ('t', 0, 1, 'k', '{"n":1}', '{}'), ('t', 0, 2, 'k', '{"n":2}', '{}');`);
    db.close();
    bus = new SqliteMessageBus(legacy, { partitions: 1, retentionMs: HOUR, now: () => clock });

    clock = T0 + HOUR - 1;
    expect(await bus.trimLog()).toBe(0);
    clock = T0 + HOUR + 1;
    expect(await bus.trimLog()).toBe(3);
  });
});
