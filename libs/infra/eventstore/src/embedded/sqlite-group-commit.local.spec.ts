import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { walCommits } from '@lib/common/testing';
import { SqliteEventStore } from './sqlite-event-store';

const dir = mkdtempSync(join(tmpdir(), 'eventstore-group-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const freshFile = () => join(dir, `events-${++files}.sqlite`);
const event = (n: number) => ({ type: 'Counted', data: { n } });

describe('SqliteEventStore group commit', () => {
  it('writes appends called in the same turn in one commit, and awaited ones in one commit each', async () => {
    const file = freshFile();
    const store = new SqliteEventStore(file);
    await store.appendToStream('warm-up', [event(0)], 'no_stream');
    const before = walCommits(file);
    await Promise.all([1, 2, 3, 4, 5].map((n) => store.appendToStream(`together-${n}`, [event(n)], 'no_stream')));
    expect(walCommits(file) - before).toBe(1);
    for (const n of [1, 2, 3]) await store.appendToStream(`apart-${n}`, [event(n)], 'no_stream');
    expect(walCommits(file) - before).toBe(4);
    await store.close();
  });

  it('gives positions in the order of the calls, across streams and within one', async () => {
    const store = new SqliteEventStore(freshFile());
    const calls = [
      store.appendToStream('a', [event(1), event(2)], 'no_stream'),
      store.appendToStream('b', [event(3)], 'no_stream'),
      store.appendToStream('a', [event(4)], 1),
      store.appendToStream('c', [event(5)], 'any'),
    ];
    const positions = (await Promise.all(calls)).map((r) => r.position);
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
    expect((await store.readAll()).map((e) => [e.streamId, e.data.n])).toEqual([
      ['a', 1],
      ['a', 2],
      ['b', 3],
      ['a', 4],
      ['c', 5],
    ]);
    await store.close();
  });

  it('answers a conflict in the group without delaying or undoing the appends around it', async () => {
    const file = freshFile();
    const store = new SqliteEventStore(file);
    await store.appendToStream('s', [event(0)], 'no_stream');
    const before = walCommits(file);
    const results = await Promise.allSettled([
      store.appendToStream('s', [event(1)], 0),
      store.appendToStream('s', [event(2)], 0),
      store.appendToStream('s', [event(3)], 1),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await store.readStream('s')).map((e) => e.data.n)).toEqual([0, 1, 3]);
    expect(walCommits(file) - before).toBe(1);
    await store.close();
  });

  it('rolls back all of an append that fails halfway, and only that append', async () => {
    const store = new SqliteEventStore(freshFile());
    const id = randomUUID();
    const results = await Promise.allSettled([
      store.appendToStream('before', [event(1)], 'no_stream'),
      // The second event reuses the first's id: its insert fails after the first row was written.
      store.appendToStream(
        'halfway',
        [
          { id, ...event(2) },
          { id, ...event(3) },
        ],
        'no_stream',
      ),
      // Data that cannot be stored as JSON fails after the first event too.
      store.appendToStream('halfway', [event(4), { type: 'Counted', data: { n: BigInt(5) } }], 'any'),
      store.appendToStream('after', [event(6)], 'no_stream'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(await store.readStream('halfway')).toEqual([]);
    expect((await store.readAll()).map((e) => e.data.n)).toEqual([1, 6]);
    await store.close();
  });

  it('writes what was called before close, and refuses appends after it', async () => {
    const file = freshFile();
    const store = new SqliteEventStore(file);
    const written = store.appendToStream('closing', [event(1)], 'no_stream');
    await store.close();
    await expect(written).resolves.toMatchObject({ nextRevision: 0 });
    await expect(store.appendToStream('closing', [event(2)], 0)).rejects.toThrow(/not open/);
    const reopened = new SqliteEventStore(file);
    expect((await reopened.readStream('closing')).map((e) => e.data.n)).toEqual([1]);
    await reopened.close();
  });
});
