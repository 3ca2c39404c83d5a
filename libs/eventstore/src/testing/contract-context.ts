import { randomUUID } from 'node:crypto';
import type { EventStore } from '../event-store.port';

/**
 * What a factory returns. Every call opens a NEW client on the SAME storage (the same file, the same
 * server): a second call must see what the first wrote. The restart and cross-client tests rely on it;
 * tests isolate themselves by unique stream names and event types, never by a fresh store.
 */
export interface EventStoreFixture {
  store: EventStore;
  /** Closes this client; leaves the stored data in place. */
  cleanup(): Promise<void>;
}

export type EventStoreFactory = () => Promise<EventStoreFixture>;

/** Per-test access to the store under test plus extra clients, all closed after each test. */
export interface ContractContext {
  readonly store: EventStore;
  /** Opens another client on the same storage (a second process, or the same process after a restart). */
  open(): Promise<EventStoreFixture>;
  /** A name unique to this run, so suites can share a server. */
  unique(prefix: string): string;
}

/** Registers beforeEach/afterEach hooks that open and close the clients a test uses. */
export function contractContext(factory: EventStoreFactory): ContractContext {
  const run = randomUUID().slice(0, 8);
  let opened: EventStoreFixture[] = [];
  beforeEach(async () => {
    opened = [await factory()];
  });
  afterEach(async () => {
    // Closed newest first and tolerant of a client the test already closed.
    for (const fixture of opened.reverse()) await fixture.cleanup().catch(() => undefined);
    opened = [];
  });
  return {
    get store() {
      return opened[0].store;
    },
    async open() {
      const fixture = await factory();
      opened.push(fixture);
      return fixture;
    },
    unique: (prefix) => `${prefix}${run}${randomUUID().slice(0, 8)}`,
  };
}

/** Polls until the assertion stops throwing or the time is up (then rethrows its last error). */
export async function eventually(assertion: () => void | Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
