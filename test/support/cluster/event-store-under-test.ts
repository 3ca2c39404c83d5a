// The event store the projection and relay suites run on: EventStoreDB when EVENTSTORE_URL names one,
// else the embedded SQLite file (no EventStoreDB is started by scripts/integration-services.sh).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EsdbEventStore, EventStore, SqliteEventStore } from '@lib/eventstore';

export interface EventStoreUnderTest {
  adapter: 'eventstoredb' | 'sqlite';
  /** A store on the same data: after close(), open() again is what a restarted process sees. */
  open(): EventStore;
  /** Removes the embedded file; EventStoreDB keeps its streams (suites use run-unique stream ids). */
  cleanup(): void;
}

export function eventStoreUnderTest(): EventStoreUnderTest {
  const url = process.env.EVENTSTORE_URL;
  if (url) {
    return {
      adapter: 'eventstoredb',
      open: () => new EsdbEventStore({ connectionString: url, retryDelayMs: 50, log: () => undefined }),
      cleanup: () => undefined,
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'it-events-'));
  return {
    adapter: 'sqlite',
    open: () => new SqliteEventStore(path.join(dir, 'events.sqlite'), { pollIntervalMs: 20, retryDelayMs: 20 }),
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
