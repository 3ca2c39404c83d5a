import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventStoreContract } from '../testing/event-store.contract';
import { SqliteEventStore } from './sqlite-event-store';

const dir = mkdtempSync(join(tmpdir(), 'eventstore-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Every factory call opens another connection on the same file, like a second process would.
eventStoreContract('embedded SQLite', async () => {
  const store = new SqliteEventStore(join(dir, 'events.sqlite'), { pollIntervalMs: 50, retryDelayMs: 50 });
  return { store, cleanup: () => store.close() };
});
