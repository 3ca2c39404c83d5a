import { SqliteEventStore } from '@lib/eventstore';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from '../embedded/sqlite-read-store';
import { CHECKPOINTS_COLLECTION } from './checkpoint-store';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { balancesProjection as balances, type Balance } from '../testing/balance-projection';

// Deliberately not idempotent: only the runner's checkpoints protect it from double-applying.
const chargeCounter: Projection = {
  name: 'charge-counter',
  eventTypes: ['CreditsCharged'],
  collections: ['charge_counts'],
  async handle(event, store) {
    const counts = store.collection('charge_counts');
    const doc = await counts.get('all');
    await counts.upsert({ _id: 'all', n: (doc?.n ?? 0) + 1 });
  },
};

describe('projection runner', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let runner: ProjectionRunner;

  function open(): void {
    events = new SqliteEventStore(join(dir, 'events.sqlite'), { pollIntervalMs: 20, retryDelayMs: 20 });
    reads = new SqliteReadStore(join(dir, 'read.sqlite'));
    runner = new ProjectionRunner(events, reads, [balances, chargeCounter]);
  }

  async function restart(): Promise<void> {
    await runner.stop();
    await events.close();
    await reads.close();
    open();
    await runner.start();
  }

  const add = (account: string, amount: number) =>
    events.appendToStream(`credits-${account}`, [{ type: 'CreditsAdded', data: { amount } }], 'any');
  const charge = (account: string, amount: number) =>
    events.appendToStream(`credits-${account}`, [{ type: 'CreditsCharged', data: { amount } }], 'any');
  const balance = (account: string) => reads.collection<Balance>('balances').get(account);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'projections-'));
    open();
  });
  afterEach(async () => {
    await runner.stop();
    await events.close();
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('catches up on existing events and then follows live ones', async () => {
    await add('a1', 100);
    await runner.start();
    const { position } = await charge('a1', 30);
    expect(await runner.waitForPosition(position, 5000)).toBe(true);
    expect(await balance('a1')).toMatchObject({ credits: 70, events: 2, _position: position });
  });

  it('does not apply an event twice across a restart', async () => {
    await runner.start();
    await add('a1', 10);
    const first = await charge('a1', 1);
    await runner.waitForPosition(first.position, 5000);
    await restart();
    const second = await charge('a1', 2);
    expect(await runner.waitForPosition(second.position, 5000)).toBe(true);
    expect(await reads.collection('charge_counts').get('all')).toMatchObject({ n: 2 });
    expect(await balance('a1')).toMatchObject({ credits: 7, events: 3 });
  });

  it('leaves documents unchanged when events are replayed after a lost checkpoint', async () => {
    await runner.start();
    await add('a1', 10);
    const last = await charge('a1', 4);
    await runner.waitForPosition(last.position, 5000);
    // A crash after applying but before saving the checkpoint looks like this on restart.
    await reads.collection(CHECKPOINTS_COLLECTION).delete('projection:balances');
    await restart();
    const marker = await add('a2', 1);
    await runner.waitForPosition(marker.position, 5000);
    expect(await balance('a1')).toMatchObject({ credits: 6, events: 2 });
  });

  it('reports a position as reached when only events it does not handle lie before it', async () => {
    await runner.start();
    await add('a1', 10);
    const unrelated = await events.appendToStream('jobs-j1', [{ type: 'JobQueued', data: {} }], 'no_stream');
    expect(await runner.waitForPosition(unrelated.position, 2000)).toBe(true);
  });

  it('counts as lag only the events it handles that are not applied yet, up to the cap', async () => {
    await add('a1', 10);
    await charge('a1', 1);
    await charge('a1', 2);
    await events.appendToStream('jobs-j1', [{ type: 'JobQueued', data: {} }], 'no_stream');
    expect(await runner.lag(100)).toBe(3);
    expect(await runner.lag(2)).toBe(2);
    await runner.start();
    const last = await charge('a1', 3);
    await runner.waitForPosition(last.position, 5000);
    // The newest event is one no projection here handles: caught up all the same.
    await events.appendToStream('jobs-j2', [{ type: 'JobQueued', data: {} }], 'no_stream');
    expect(await runner.lag(100)).toBe(0);
  });

  it('gives up waiting after the timeout when the runner is not running', async () => {
    const { position } = await add('a1', 10);
    const started = Date.now();
    expect(await runner.waitForPosition(position, 150)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('rebuilds damaged read models from the log and keeps following live events', async () => {
    await runner.start();
    await add('a1', 50);
    await charge('a1', 5);
    const last = await charge('a2', 0);
    await runner.waitForPosition(last.position, 5000);
    await reads.collection('balances').set('a1', { credits: -999 });
    await reads.collection('balances').upsert({ _id: 'stale', credits: 1, events: 1, _position: 1 });
    const reported: number[] = [];
    const result = await runner.rebuild((p) => reported.push(p.events));
    expect(result).toEqual({ position: last.position, events: 3 });
    expect(reported[reported.length - 1]).toBe(3);
    expect(await balance('a1')).toMatchObject({ credits: 45, events: 2 });
    expect(await balance('stale')).toBeNull();
    expect(await reads.collection('charge_counts').get('all')).toMatchObject({ n: 2 });
    const live = await add('a1', 1);
    expect(await runner.waitForPosition(live.position, 5000)).toBe(true);
    expect(await balance('a1')).toMatchObject({ credits: 46 });
  });

  it('refuses to rebuild a projection that does not declare its collections', async () => {
    const undeclared: Projection = { name: 'x', eventTypes: ['X'], handle: async () => undefined };
    const partial = new ProjectionRunner(events, reads, [balances, undeclared]);
    await add('a1', 10);
    await expect(partial.rebuild()).rejects.toThrow(/does not declare/);
  });
});
