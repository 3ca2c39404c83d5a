import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '@lib/eventstore';
import type { Projection } from '@lib/readstore';
import { SqliteReadStore } from '@lib/readstore';
import { KnownAddressesReadModel } from './known-addresses.read-model';

/** What the known-addresses specs share: a fresh read store per test, the projection fed by hand, the model read back. */
export interface KnownAddressesWorld {
  /** The read store of the running test. */
  reads(): SqliteReadStore;
  /** Feeds events to the projection in order. */
  learn(...events: RecordedEvent[]): Promise<void>;
  /** The domain's known addresses as "email firstName", as the finder would read them. */
  emails(domain: string): Promise<string[]>;
}

/** Registers beforeEach/afterEach in the calling describe block. */
export function knownAddressesWorld(projection: Projection): KnownAddressesWorld {
  let dir: string;
  let reads: SqliteReadStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'known-addresses-'));
    reads = new SqliteReadStore(join(dir, 'read.sqlite'));
  });
  afterEach(async () => {
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    reads: () => reads,
    learn: async (...events) => {
      for (const event of events) await projection.handle(event, reads);
    },
    emails: async (domain) =>
      (await new KnownAddressesReadModel(reads).knownAddresses(domain)).map((a) => `${a.email} ${a.firstName}`),
  };
}
