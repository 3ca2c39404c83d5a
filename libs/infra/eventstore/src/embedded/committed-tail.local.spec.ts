import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReadAllOptions } from '../event-store.port';
import { SqliteEventStore } from './sqlite-event-store';

const dir = mkdtempSync(join(tmpdir(), 'eventstore-tail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const freshFile = () => join(dir, `events-${++files}.sqlite`);
const event = (n: number, type = 'Counted') => ({ type, data: { n, nested: { list: [n] } }, metadata: { by: 'spec' } });
const numbers = (events: { data: { n: number } }[]) => events.map((e) => e.data.n);

describe('SqliteEventStore committed tail', () => {
  it('hands every reader of a just-committed event the same frozen event', async () => {
    const store = new SqliteEventStore(freshFile());
    await store.appendToStream('s', [event(1), event(2)], 'no_stream');
    const [first] = await store.readAll();
    const [again] = await store.readAll({ after: 0, maxCount: 1 });
    expect(again).toBe(first);
    for (const part of [first, first.data, first.data.nested, first.data.nested.list, first.metadata])
      expect(Object.isFrozen(part)).toBe(true);
    expect(first).toEqual({
      id: expect.any(String),
      type: 'Counted',
      streamId: 's',
      revision: 0,
      position: 1,
      data: { n: 1, nested: { list: [1] } },
      metadata: { by: 'spec' },
      recordedAt: expect.any(String),
    });
    await store.close();
  });

  it('reads what another process committed, before and among its own appends, in log order', async () => {
    const file = freshFile();
    const store = new SqliteEventStore(file);
    const other = new SqliteEventStore(file);
    await store.appendToStream('mine', [event(1)], 'no_stream');
    await other.appendToStream('theirs', [event(2)], 'no_stream');
    expect(numbers(await store.readAll({ after: 1 }))).toEqual([2]);
    await store.appendToStream('mine', [event(3)], 0);
    await other.appendToStream('theirs', [event(4)], 0);
    await store.appendToStream('mine', [event(5)], 1);
    expect(numbers(await store.readAll())).toEqual([1, 2, 3, 4, 5]);
    expect(numbers(await store.readAll({ after: 2 }))).toEqual([3, 4, 5]);
    const [fifth] = await store.readAll({ after: 4 });
    expect(fifth.data.n).toBe(5);
    // Its own next commit makes it keep events again, from that commit on.
    expect(Object.isFrozen(fifth)).toBe(true);
    await other.close();
    await store.close();
  });

  it('answers every range, type filter and count as the file does', async () => {
    const file = freshFile();
    const store = new SqliteEventStore(file, { tail: { maxEvents: 8 } });
    for (let n = 1; n <= 12; n++) await store.appendToStream(`s-${n % 3}`, [event(n, n % 2 ? 'Odd' : 'Even')], 'any');
    // Opened after the appends: it keeps none of them, so it reads every range from the file.
    const fromFile = new SqliteEventStore(file);
    const ranges: ReadAllOptions[] = [0, 3, 5, 6, 9, 11, 12, 13].flatMap((after) => [
      { after },
      { after, maxCount: 2 },
      { after, maxCount: 0 },
      { after, upTo: 10 },
      { after, eventTypes: ['Even'], maxCount: 3 },
      { after, eventTypes: ['Odd', 'Missing'], upTo: 11 },
    ]);
    for (const range of ranges)
      expect([range, await store.readAll(range)]).toEqual([range, await fromFile.readAll(range)]);
    await fromFile.close();
    await store.close();
  });

  it('keeps only the newest events within its bounds, reading older ranges from the file', async () => {
    const store = new SqliteEventStore(freshFile(), { tail: { maxEvents: 4 } });
    for (let n = 1; n <= 10; n++) await store.appendToStream('s', [event(n)], 'any');
    const all = await store.readAll();
    expect(numbers(all)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(Object.isFrozen(all[0])).toBe(false);
    const newest = await store.readAll({ after: 8 });
    expect(numbers(newest)).toEqual([9, 10]);
    expect(Object.isFrozen(newest[0])).toBe(true);
    await store.close();
  });
});
