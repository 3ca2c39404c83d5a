import type { ReadStore } from '@lib/readstore';
import { FINDER_JOB_FILES } from '../shared/finder-job-files';
import {
  domainOf,
  KNOWN_ADDRESSES_COLLECTION,
  type KnownAddressEntry,
  type KnownAddressesDocument,
} from './known-addresses.projection';

/**
 * What an erasure removes from `finder_known_addresses` (shared by every account, keyed by domain): the
 * entries an account taught, by address (a data subject's request) or all of them (the account's closure), and
 * the entries one finder job's rows taught (the job's "delete now").
 * Idempotent: a run again finds nothing more to remove. A document keeps its `_position` (emptied, it stays),
 * so an event redelivered to the projection is still recognised as applied; replayed, the erased events
 * open with the address null and teach nothing.
 */
export function knownAddressesErasure(readStore: ReadStore) {
  const collection = readStore.collection<KnownAddressesDocument>(KNOWN_ADDRESSES_COLLECTION);

  async function keepOnly(doc: KnownAddressesDocument, kept: (entry: KnownAddressEntry) => boolean): Promise<void> {
    const addresses = doc.addresses.filter(kept);
    if (addresses.length !== doc.addresses.length) await collection.upsert({ ...doc, addresses });
  }

  return {
    name: KNOWN_ADDRESSES_COLLECTION,

    /** Removes what the account taught of the address (as the subject gave it, trimmed and case-folded). */
    async forgetAddress(accountId: string, address: string): Promise<void> {
      const email = address.trim().toLowerCase();
      const doc = await collection.get(domainOf(email));
      // An entry of unknown origin (projected before entries named their account) goes too.
      if (doc)
        await keepOnly(doc, (e) => e.email !== email || (e.accountId !== undefined && e.accountId !== accountId));
    },

    /** Removes every entry these accounts taught, across every domain (a closure: rare, so a full pass). */
    async forgetAccounts(accountIds: string[]): Promise<void> {
      const closing = new Set(accountIds);
      for await (const doc of collection.stream({ sort: { _id: 1 } }))
        await keepOnly(doc, (e) => e.accountId === undefined || !closing.has(e.accountId));
    },

    /**
     * Removes what one finder job's rows taught, across every domain (the job's rows may span any number of
     * them, and its row results are gone by now). What a single call or another job taught of the same
     * address stays until its own retention or erasure.
     */
    async forgetJob(jobKind: string, jobId: number): Promise<void> {
      if (jobKind !== FINDER_JOB_FILES.kind) return;
      for await (const doc of collection.stream({ sort: { _id: 1 } })) await keepOnly(doc, (e) => e.jobId !== jobId);
    },
  };
}
