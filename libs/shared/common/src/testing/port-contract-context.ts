import { randomUUID } from 'node:crypto';

/** A client of the adapter under test; closing it leaves the stored data in place. */
export interface ClosableFixture {
  cleanup(): Promise<void>;
}

/** Per-test access to the adapter under test plus extra clients, all closed after each test. */
export interface PortContractContext<F extends ClosableFixture> {
  /** The first client opened for the current test. */
  readonly fixture: F;
  /** Opens another client on the same storage (a second process, or the same process after a restart). */
  open(): Promise<F>;
  /** A name unique to this run, so suites can share a server. */
  unique(prefix: string): string;
}

/**
 * Registers beforeEach/afterEach hooks that open and close the clients a test uses. Every factory call
 * must open a NEW client on the SAME storage; tests isolate themselves by unique names, not fresh stores.
 */
export function portContractContext<F extends ClosableFixture>(
  factory: () => Promise<F>,
  separator = '',
): PortContractContext<F> {
  const run = randomUUID().slice(0, 8);
  let opened: F[] = [];
  beforeEach(async () => {
    opened = [await factory()];
  });
  afterEach(async () => {
    // Closed newest first and tolerant of a client the test already closed.
    for (const fixture of opened.reverse()) await fixture.cleanup().catch(() => undefined);
    opened = [];
  });
  return {
    get fixture() {
      return opened[0];
    },
    async open() {
      const fixture = await factory();
      opened.push(fixture);
      return fixture;
    },
    unique: (prefix) => [prefix, run, randomUUID().slice(0, 8)].join(separator),
  };
}
