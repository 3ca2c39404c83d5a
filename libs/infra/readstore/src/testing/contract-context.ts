import { portContractContext } from '@lib/common/testing';
import type { ReadStore } from '../read-store.port';

/**
 * What a factory returns. Every call opens a NEW client on the SAME storage (the same file, the same
 * database): a second call must see what the first wrote. Tests isolate themselves by unique collection
 * names, never by a fresh store.
 */
export interface ReadStoreFixture {
  store: ReadStore;
  /** Closes this client; leaves the stored data in place. */
  cleanup(): Promise<void>;
}

export type ReadStoreFactory = () => Promise<ReadStoreFixture>;

export interface ReadContractContext {
  readonly store: ReadStore;
  /** Opens another client on the same storage (the same process after a restart). */
  open(): Promise<ReadStoreFixture>;
  /** A collection name unique to this run, so suites can share a server. */
  unique(prefix: string): string;
}

/** Registers beforeEach/afterEach hooks that open and close the clients a test uses. */
export function readContractContext(factory: ReadStoreFactory): ReadContractContext {
  const context = portContractContext(factory, '_');
  return {
    get store() {
      return context.fixture.store;
    },
    open: () => context.open(),
    unique: (prefix) => context.unique(prefix),
  };
}
