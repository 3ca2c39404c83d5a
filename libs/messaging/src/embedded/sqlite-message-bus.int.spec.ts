import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WakeSignal } from '@lib/common';
import type { BusConsumer, IncomingMessage } from '../message-bus.port';
import { messageBusContract } from '../testing/message-bus.contract';
import { eventually } from '../testing/contract-context';
import { SqliteMessageBus } from './sqlite-message-bus';
import { partitionOf } from './topic-log';

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
    await eventually(() => expect(group.numbers()).toEqual([0, 1, 2, 3, 4, 5]));
    await consumers.pop()!.stop();

    clock = T0 + HOUR + 1;
    expect(await bus.trimLog()).toBe(4);
    const late = await gatedGroup('late');
    await eventually(() => expect(late.numbers()).toEqual([4, 5]));
  });

  it('never deletes a message a group has not committed, however old', async () => {
    await publish(0, 6);
    const slow = await gatedGroup('slow', 3);
    const fast = await gatedGroup('fast');
    await eventually(() => expect(fast.numbers()).toEqual([0, 1, 2, 3, 4, 5]));
    await eventually(() => expect(slow.numbers()).toEqual([0, 1, 2, 3]));

    clock = T0 + 10 * HOUR;
    // 0-2 are committed by both groups; 3 is in slow's handler, so it and everything after stays.
    expect(await bus.trimLog()).toBe(3);
    expect(await bus.trimLog()).toBe(0);
    const audit = await gatedGroup('audit');
    await eventually(() => expect(audit.numbers()).toEqual([3, 4, 5]));
    slow.allow(Number.POSITIVE_INFINITY);
    await eventually(() => expect(slow.numbers()).toEqual([0, 1, 2, 3, 4, 5]));
  });

  it('keeps everything for a group that joined but has not committed yet', async () => {
    await publish(0, 3);
    const fast = await gatedGroup('fast');
    await eventually(() => expect(fast.numbers()).toEqual([0, 1, 2]));
    const held = await gatedGroup('held', 0);
    await eventually(() => expect(held.numbers()).toEqual([0]));

    clock = T0 + 10 * HOUR;
    expect(await bus.trimLog()).toBe(0);
    held.allow(Number.POSITIVE_INFINITY);
    await eventually(() => expect(held.numbers()).toEqual([0, 1, 2]));
  });

  it('lets a group receive everything after a trim, with offsets continuing past the trimmed messages', async () => {
    await publish(0, 5);
    const group = await gatedGroup('g');
    await eventually(() => expect(group.numbers()).toEqual([0, 1, 2, 3, 4]));

    clock = T0 + 2 * HOUR;
    // Everything is read and old; the newest message stays so the next append numbers on from it.
    expect(await bus.trimLog()).toBe(4);
    await publish(5, 8);
    await eventually(() => expect(group.numbers()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]));
    expect(group.received.map((m) => m.offset)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
  });

  it('trims a topic no group has subscribed to by age alone', async () => {
    await publish(0, 3);
    clock = T0 + HOUR - 1;
    expect(await bus.trimLog()).toBe(0);
    clock = T0 + HOUR + 1;
    expect(await bus.trimLog()).toBe(2);
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
    expect(await bus.trimLog()).toBe(2);
  });
});
