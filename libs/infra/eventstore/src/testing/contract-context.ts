import { portContractContext } from '@lib/common/testing';
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
  const context = portContractContext(factory);
  return {
    get store() {
      return context.fixture.store;
    },
    open: () => context.open(),
    unique: (prefix) => context.unique(prefix),
  };
}
