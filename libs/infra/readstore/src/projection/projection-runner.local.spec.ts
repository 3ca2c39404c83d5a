import { SqliteEventStore } from '@lib/eventstore';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from '../embedded/sqlite-read-store';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { CheckpointStore, CHECKPOINTS_COLLECTION } from './checkpoint-store';
import { ObservedReadStore } from '../observed/observed-read-store';
import { eventually } from '@lib/common/testing';
import { balancesProjection as balances } from '../testing/balance-projection';
import { projectionRunnerContract } from '../testing/projection-runner.contract';
import { documentProjection } from './document-projection';
import type { Doc } from '../read-store.port';

/** The embedded stores on a fresh directory of files: what `npm start` runs. */
function embeddedStores(dir: string) {
  return {
    events: new SqliteEventStore(join(dir, 'events.sqlite'), { pollIntervalMs: 20, retryDelayMs: 20 }),
    reads: new SqliteReadStore(join(dir, 'read.sqlite')),
  };
}

projectionRunnerContract('the embedded stores', () => {
  const dir = mkdtempSync(join(tmpdir(), 'projections-'));
  return {
    open: () => embeddedStores(dir),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
    freshLog: true,
  };
});

// What only a log holding this test's events alone can show: positions and lag counted exactly.
describe('projection runner positions and lag', () => {
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let runner: ProjectionRunner;

  const add = (account: string, amount: number) =>
    events.appendToStream(`credits-${account}`, [{ type: 'CreditsAdded', data: { amount } }], 'any');
  const charge = (account: string, amount: number) =>
    events.appendToStream(`credits-${account}`, [{ type: 'CreditsCharged', data: { amount } }], 'any');

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'projections-'));
    ({ events, reads } = embeddedStores(dir));
    runner = new ProjectionRunner(events, reads, [balances]);
  });
  afterEach(async () => {
    await runner.stop();
    await events.close();
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
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

  it('saves its checkpoints once for a burst of events, and the last position when it stops', async () => {
    const saves: number[] = [];
    const observed = new ObservedReadStore(reads, {
      operation: (collection, operation) => {
        if (collection === CHECKPOINTS_COLLECTION && operation === 'bulkWrite') saves.push(Date.now());
      },
    });
    const burst = new ProjectionRunner(events, observed, [balances], { checkpointEveryMs: 60_000 });
    await burst.start();
    let last = 0;
    for (let n = 0; n < 40; n++) last = (await add(`a${n}`, 1)).position;
    expect(await burst.waitForPosition(last, 5000)).toBe(true);
    // The first event saves at once (nothing saved for a minute); the 39 after it wait for the next save.
    expect(saves.length).toBe(1);
    await burst.stop();
    expect(saves.length).toBe(2);
    expect(await new CheckpointStore(reads).load('projection:balances')).toBe(last);
  });

  it('saves the positions of a quiet runner after checkpointEveryMs, without waiting for another event', async () => {
    const quick = new ProjectionRunner(events, reads, [balances], { checkpointEveryMs: 50 });
    await quick.start();
    await add('a1', 1);
    const last = await add('a2', 1);
    expect(await quick.waitForPosition(last.position, 5000)).toBe(true);
    await eventually(async () =>
      expect(await new CheckpointStore(reads).load('projection:balances')).toBe(last.position),
    );
    await quick.stop();
  });

  it('applies a backlog as batches: one look-up and one write of a document for many of its events', async () => {
    const calls: string[] = [];
    const observed = new ObservedReadStore(reads, {
      operation: (collection, operation) => {
        if (collection === 'balances') calls.push(operation);
      },
    });
    let last = 0;
    for (let n = 0; n < 40; n++) last = (await add('a1', 1)).position;
    const a1 = last;
    // Looking up a document the batch has not written does not send the pending writes of the others.
    for (let n = 0; n < 10; n++) last = (await add(`b${n}`, 1)).position;
    const batched = new ProjectionRunner(events, observed, [balances], { batchSize: 100 });
    await batched.start();
    expect(await batched.waitForPosition(last, 5000)).toBe(true);
    await batched.stop();
    expect(await reads.collection('balances').get('a1')).toMatchObject({ credits: 40, events: 40, _position: a1 });
    // Event by event this was 50 look-ups and 50 writes; the page the subscription reads comes as few batches.
    expect(calls.filter((c) => c === 'get').length).toBeLessThan(15);
    expect(calls.filter((c) => c === 'bulkWrite').length).toBeLessThan(5);
  });

  it('deletes in a batch what the batch wrote, and what was stored before it', async () => {
    const open = documentProjection<Doc & { amount: number }>({
      name: 'open',
      collection: 'open',
      eventTypes: ['CreditsAdded', 'CreditsCharged'],
      documentId: (e) => e.streamId.slice('credits-'.length),
      evolve: (_doc, e) => (e.type === 'CreditsCharged' ? null : { _id: '', amount: e.data.amount }),
    });
    await add('a1', 1);
    const first = new ProjectionRunner(events, reads, [open]);
    await first.start();
    expect(await first.waitForPosition((await add('a2', 2)).position, 5000)).toBe(true);
    await first.stop();
    await charge('a1', 1);
    await add('a3', 3);
    await charge('a3', 3);
    await add('a3', 4);
    const last = await charge('a2', 2);
    const second = new ProjectionRunner(events, reads, [open]);
    await second.start();
    expect(await second.waitForPosition(last.position, 5000)).toBe(true);
    await second.stop();
    const stored = await reads.collection('open').find({ sort: { _id: 1 } });
    expect(stored.map((d) => [d._id, d.amount])).toEqual([['a3', 4]]);
  });

  it('applies a failed batch again from its first event, each event taking effect once', async () => {
    let failures = 0;
    const flaky: Projection = {
      name: 'flaky',
      eventTypes: ['CreditsCharged'],
      collections: [],
      async handle() {
        if (failures++ === 0) throw new Error('read store unavailable');
      },
    };
    await add('a1', 10);
    await add('a1', 5);
    const last = await charge('a1', 3);
    const retried = new ProjectionRunner(events, reads, [balances, flaky], { retryDelayMs: 10 });
    await retried.start();
    expect(await retried.waitForPosition(last.position, 5000)).toBe(true);
    await retried.stop();
    expect(failures).toBe(2);
    expect(await reads.collection('balances').get('a1')).toMatchObject({ credits: 12, events: 3 });
  });

  it('does not report a position reached while the events before it wait in the queue', async () => {
    const slow: Projection = {
      name: 'slow',
      eventTypes: ['CreditsAdded'],
      collections: [],
      handle: () => new Promise((resolve) => setTimeout(resolve, 300)),
    };
    const waiting = new ProjectionRunner(events, reads, [balances, slow]);
    await waiting.start();
    const first = await add('a1', 1);
    expect(await waiting.waitForPosition(first.position, 100)).toBe(false);
    expect(await waiting.waitForPosition(first.position, 5000)).toBe(true);
    expect(await reads.collection('balances').get('a1')).toMatchObject({ credits: 1 });
    await waiting.stop();
  });

  it('refuses to rebuild a projection that does not declare its collections', async () => {
    const undeclared: Projection = { name: 'x', eventTypes: ['X'], handle: async () => undefined };
    const partial = new ProjectionRunner(events, reads, [balances, undeclared]);
    await add('a1', 10);
    await expect(partial.rebuild()).rejects.toThrow(/does not declare/);
  });
});
