import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aggregateStream, type StreamFold } from './aggregate-stream';
import { DelegatingEventStore } from './delegating-event-store';
import { SqliteEventStore } from './embedded/sqlite-event-store';
import type { ReadStreamOptions, RecordedEvent } from './event-store.port';

type Counted = { type: 'Counted'; data: { n: number } };

/** The numbers folded, oldest first: what a load saw. */
const seen: StreamFold<Counted, number[]> = {
  initialState: [],
  evolve: (state, event) => [...state, event.data.n],
};

/** The real store, counting the events its reads hand back (what a load parses). */
class CountingStore extends DelegatingEventStore {
  eventsRead = 0;

  override async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    const events = await this.inner.readStream(streamId, options);
    this.eventsRead += events.length;
    return events;
  }
}

describe('aggregateStream with `after`', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aggregate-after-'));
  const sqlite = new SqliteEventStore(join(dir, 'events.sqlite'));
  const store = new CountingStore(sqlite);
  const positions: number[] = [];

  beforeAll(async () => {
    for (let n = 0; n < 600; n++) {
      const appended = await sqlite.appendToStream('s-1', [{ type: 'Counted', data: { n } }], 'any');
      positions.push(appended.position);
      // Another stream's events between them: positions are global, not the stream's revisions.
      await sqlite.appendToStream('t-1', [{ type: 'Counted', data: { n } }], 'any');
    }
  });
  afterAll(() => {
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => (store.eventsRead = 0));

  it('reads only a few events more than it folds when the tail is short', async () => {
    const { state } = await aggregateStream(store, 's-1', seen, { latest: 1, after: positions[596] });
    expect(state).toEqual([597, 598, 599]);
    expect(store.eventsRead).toBeLessThanOrEqual(1 + 8);
  });

  it('folds every event of a long tail, over several pages, oldest first', async () => {
    const { state, position } = await aggregateStream(store, 's-1', seen, { latest: 1, after: positions[99] });
    expect(state).toEqual(Array.from({ length: 500 }, (_, i) => 100 + i));
    expect(position).toBe(positions[599]);
    expect(store.eventsRead).toBeLessThan(500 + 256);
  });

  it('reads to the stream start when `after` is before it', async () => {
    const { state } = await aggregateStream(store, 's-1', seen, { latest: 1, after: 0 });
    expect(state).toHaveLength(600);
    expect(state[0]).toBe(0);
  });

  it('folds the latest event alone when nothing came after `after`', async () => {
    const { state } = await aggregateStream(store, 's-1', seen, { latest: 1, after: positions[599] });
    expect(state).toEqual([599]);
    expect(store.eventsRead).toBe(1);
  });
});
