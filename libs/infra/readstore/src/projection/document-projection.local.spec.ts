import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Upcasters } from '@lib/common';
import type { RecordedEvent } from '@lib/eventstore';
import { SqliteReadStore } from '../embedded/sqlite-read-store';
import { ObservedReadStore, type ReadStoreOperation } from '../observed/observed-read-store';
import { documentProjection } from './document-projection';

type Renamed = { type: 'Renamed'; data: { id: string; name: string } };
type NameDoc = { _id: string; name: string };
// `Titled { id, title }` was retired for `Renamed { id, name }`: stored history holds both.
const upcasters: Upcasters<Renamed> = {
  Titled: (stored) => ({
    type: 'Renamed',
    data: { id: (stored.data as { id: string }).id, name: (stored.data as { title: string }).title },
  }),
};
const names = documentProjection<NameDoc, Renamed>({
  name: 'names',
  collection: 'names',
  eventTypes: ['Renamed', 'Titled'],
  upcasters,
  documentId: (event) => event.data.id,
  evolve: (_doc, event) => ({ _id: event.data.id, name: event.data.name }),
});
const stored = (position: number, type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e${position}`,
  type,
  streamId: 'thing-1',
  revision: position - 1,
  position,
  data,
  metadata: {},
  recordedAt: '2025-03-01T10:00:00.000Z',
});

describe('document projection', () => {
  let dir: string;
  let reads: SqliteReadStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'document-projection-'));
    reads = new SqliteReadStore(join(dir, 'read.sqlite'));
  });
  afterEach(async () => {
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('when events were stored in an older shape', () => {
    it("hands documentId and evolve only today's shape, through the upcasters it was given", async () => {
      await names.handle(stored(1, 'Titled', { id: 'a', title: 'Ada' }), reads);
      expect(await reads.collection<NameDoc>('names').get('a')).toMatchObject({ name: 'Ada', _position: 1 });
      await names.handle(stored(2, 'Renamed', { id: 'a', name: 'Ada L.' }), reads);
      expect(await reads.collection<NameDoc>('names').get('a')).toMatchObject({ name: 'Ada L.', _position: 2 });
    });
  });

  describe('when every event creates a document of its own (createsOnce)', () => {
    type Entry = { _id: string; amount: number };
    const entries = documentProjection<Entry, { type: 'Entered'; data: { id: string; amount: number } }>({
      name: 'entries',
      collection: 'entries',
      eventTypes: ['Entered'],
      documentId: (event) => event.data.id,
      evolve: (doc, event) => ({ _id: event.data.id, amount: event.data.amount + (doc?.amount ?? 0) }),
      createsOnce: true,
    });

    it('inserts it without a lookup, and a replayed event leaves it as stored', async () => {
      const operations: ReadStoreOperation[] = [];
      const observed = new ObservedReadStore(reads, { operation: (_c, operation) => operations.push(operation) });
      await entries.handle(stored(1, 'Entered', { id: 't1', amount: 5 }), observed);
      await entries.handle(stored(1, 'Entered', { id: 't1', amount: 5 }), observed);
      await entries.handle(stored(2, 'Entered', { id: 't2', amount: 7 }), observed);
      expect(operations).toEqual(['insertNew', 'insertNew', 'insertNew']);
      expect(await reads.collection<Entry>('entries').find({})).toEqual([
        { _id: 't1', amount: 5, _position: 1 },
        { _id: 't2', amount: 7, _position: 2 },
      ]);
    });
  });

  describe('when an event makes its document from nothing (replaces)', () => {
    type Hold = { _id: string; amount: number };
    type HoldEvent = { type: 'Held' | 'Ended'; data: { id: string; amount: number } };
    const holds = documentProjection<Hold, HoldEvent>({
      name: 'holds',
      collection: 'holds',
      eventTypes: ['Held', 'Ended'],
      documentId: (event) => event.data.id,
      evolve: (_doc, event) => (event.type === 'Held' ? { _id: event.data.id, amount: event.data.amount } : null),
      replaces: (event) => event.type === 'Held',
    });

    it('writes it without a lookup, and a replay ends where the first run did', async () => {
      const operations: ReadStoreOperation[] = [];
      const observed = new ObservedReadStore(reads, { operation: (_c, operation) => operations.push(operation) });
      const history = [
        stored(1, 'Held', { id: 'h1', amount: 2 }),
        stored(2, 'Held', { id: 'h2', amount: 3 }),
        stored(3, 'Ended', { id: 'h1', amount: 2 }),
      ];
      for (const event of history) await holds.handle(event, observed);
      expect(operations).toEqual(['upsert', 'upsert', 'get', 'delete']);
      for (const event of history) await holds.handle(event, reads);
      expect(await reads.collection<Hold>('holds').find({})).toEqual([{ _id: 'h2', amount: 3, _position: 2 }]);
    });
  });
});
