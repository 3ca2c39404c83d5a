import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../embedded/sqlite-event-store';
import { NewEvent, WrongExpectedRevisionError } from '../event-store.port';
import { eventStoreContract } from '../testing/event-store.contract';
import { AppendObserver, ObservedEventStore } from './observed-event-store';

const dir = mkdtempSync(join(tmpdir(), 'observed-eventstore-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const open = (observer: AppendObserver) =>
  new ObservedEventStore(
    new SqliteEventStore(join(dir, 'events.sqlite'), { pollIntervalMs: 50, retryDelayMs: 50 }),
    observer,
  );

// Wrapping must not change what the port promises.
eventStoreContract('observed embedded SQLite', async () => {
  const store = open({ appended: () => undefined });
  return { store, cleanup: () => store.close() };
});

describe('an observed event store', () => {
  it('reports each accepted append once, with its stream and events', async () => {
    const seen: Array<{ streamId: string; events: readonly NewEvent[] }> = [];
    const store = open({ appended: (streamId, events) => seen.push({ streamId, events }) });
    await store.appendToStream(
      'observed-1',
      [
        { type: 'A', data: {} },
        { type: 'B', data: {} },
      ],
      'no_stream',
    );
    expect(seen).toEqual([
      {
        streamId: 'observed-1',
        events: [
          { type: 'A', data: {} },
          { type: 'B', data: {} },
        ],
      },
    ]);
    await store.close();
  });

  it('reports nothing for an append refused by the expected revision', async () => {
    const seen: string[] = [];
    const store = open({ appended: (streamId) => seen.push(streamId) });
    await expect(store.appendToStream('observed-2', [{ type: 'A', data: {} }], 5)).rejects.toBeInstanceOf(
      WrongExpectedRevisionError,
    );
    expect(seen).toEqual([]);
    await store.close();
  });

  it('keeps the append when the observer throws', async () => {
    const store = open({
      appended: () => {
        throw new Error('broken metrics');
      },
    });
    await expect(store.appendToStream('observed-3', [{ type: 'A', data: {} }], 'no_stream')).resolves.toMatchObject({
      nextRevision: 0,
    });
    expect(await store.readStream('observed-3')).toHaveLength(1);
    await store.close();
  });
});
