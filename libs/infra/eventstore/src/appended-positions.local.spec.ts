import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendedPositions } from './appended-positions';
import { SqliteEventStore } from './embedded/sqlite-event-store';

describe('appendedPositions', () => {
  const dir = mkdtempSync(join(tmpdir(), 'appended-positions-'));
  const store = new SqliteEventStore(join(dir, 'events.sqlite'));
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const event = (n: number) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, type: 'Noted', data: { n } });

  it("gives each event of one append its own position, not only the last one's", async () => {
    await store.appendToStream('other-1', [event(1)], 'no_stream');
    const first = await store.appendToStream('notes-1', [event(2)], 'no_stream');
    expect(await appendedPositions(store, 'notes-1', { events: [event(2)], ...first })).toEqual([first.position]);
    const batch = [event(3), event(4), event(5)];
    const appended = await store.appendToStream('notes-1', batch, first.nextRevision);
    const recorded = await store.readStream('notes-1');
    expect(await appendedPositions(store, 'notes-1', { events: batch, ...appended })).toEqual(
      recorded.slice(1).map((e) => e.position),
    );
    expect(recorded[3].position).toBe(appended.position);
    expect(await appendedPositions(store, 'notes-1', { events: [], ...appended })).toEqual([]);
  });
});
