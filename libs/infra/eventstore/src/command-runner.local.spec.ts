import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Decider } from '@lib/common';
import { newStream, runCommand } from './command-runner';
import { DelegatingEventStore } from './delegating-event-store';
import { SqliteEventStore } from './embedded/sqlite-event-store';
import type { ReadStreamOptions, RecordedEvent } from './event-store.port';

type Added = { type: 'Added'; data: { n: number; total: number } };
type Add = { type: 'Add'; n: number; upTo?: number };

/** A running total: each Add records the total after it, so a decision on a stale state writes a wrong one. */
// `upTo` refuses quietly (decides nothing) when the total would pass it, as a capped charge would.
const totals: Decider<Add, Added, number> = {
  initialState: 0,
  decide: (command, total) =>
    command.upTo !== undefined && total + command.n > command.upTo
      ? []
      : [{ type: 'Added', data: { n: command.n, total: total + command.n } }],
  evolve: (_total, event) => event.data.total,
};

/** The real store, counting its stream reads. */
class CountingStore extends DelegatingEventStore {
  reads = 0;

  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    this.reads += 1;
    return this.inner.readStream(streamId, options);
  }
}

describe('runCommand with an assumed stream', () => {
  const dir = mkdtempSync(join(tmpdir(), 'command-runner-'));
  const sqlite = new SqliteEventStore(join(dir, 'events.sqlite'));
  const store = new CountingStore(sqlite);
  afterAll(() => {
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => (store.reads = 0));

  it('decides on the assumed state without reading the stream', async () => {
    const first = await runCommand(store, 'fresh-1', totals, { type: 'Add', n: 2 }, { assume: newStream(0) });
    expect(store.reads).toBe(0);
    const second = await runCommand(
      store,
      'fresh-1',
      totals,
      { type: 'Add', n: 3 },
      { assume: { state: first.state, expectedRevision: first.nextRevision, position: first.position } },
    );
    expect(store.reads).toBe(0);
    expect(second.state).toBe(5);
    expect((await sqlite.readStream('fresh-1')).map((e) => e.data.total)).toEqual([2, 5]);
  });

  it('reads and decides again when the stream is not as assumed: nothing decided on the wrong state is written', async () => {
    await sqlite.appendToStream('taken-1', [{ type: 'Added', data: { n: 10, total: 10 } }], 'no_stream');
    const result = await runCommand(store, 'taken-1', totals, { type: 'Add', n: 1 }, { assume: newStream(0) });
    expect(store.reads).toBe(1);
    expect(result.state).toBe(11);
    expect((await sqlite.readStream('taken-1')).map((e) => e.data.total)).toEqual([10, 11]);
  });

  it('reads before answering a decision that appends nothing on the assumed state (no append checked it)', async () => {
    await sqlite.appendToStream('taken-2', [{ type: 'Added', data: { n: 1, total: 1 } }], 'no_stream');
    // Assumed at 9, adding 5 up to 10 would be refused; the stream really stands at 1, so it is added.
    const assume = { state: 9, expectedRevision: 0, position: -1 };
    const result = await runCommand(store, 'taken-2', totals, { type: 'Add', n: 5, upTo: 10 }, { assume });
    expect(store.reads).toBe(1);
    expect(result.state).toBe(6);
    expect((await sqlite.readStream('taken-2')).map((e) => e.data.total)).toEqual([1, 6]);
  });
});
