import type { RecordedEvent } from '@lib/eventstore';
import type { Projection, ReadStore } from '@lib/readstore';
import type { KnownAddressRecord } from '../finder.ports';
import type { FinderOutcome } from '../domain/finder-outcome';
import type { FinderCallInput } from '../domain/finder-call.events';

export const KNOWN_ADDRESSES_COLLECTION = 'finder_known_addresses';

/**
 * Enough addresses to settle a domain's format (strength 0.98 at 50) while keeping the document
 * small; the newest win, since a company that changes its format changes it for new hires.
 */
export const MAX_ADDRESSES_PER_DOMAIN = 50;

/**
 * A confirmed address as one account's call taught it: an erasure of the address for that account, or the
 * account's closure, removes what that account taught and keeps what other accounts confirmed themselves.
 * `accountId` is absent from entries projected before it was kept (origin unknown: any account's erasure of
 * the address removes them; a rebuild of the read model fills it in). `jobId` names the finder job whose row
 * taught the entry, so that job's erasure removes it; absent for a single call (and for job entries projected
 * before it was kept, until a rebuild).
 */
export interface KnownAddressEntry extends KnownAddressRecord {
  accountId?: string;
  jobId?: number;
}

export interface KnownAddressesDocument {
  _id: string;
  domain: string;
  addresses: KnownAddressEntry[];
  updatedAt: string;
  /** Global position of the last event applied: replays at or below it change nothing. */
  _position: number;
}

/** A found address with the name it was found for and the account that asked, from any event that carries finder outcomes. */
export interface FoundAddress {
  accountId: string;
  /** The finder job whose row found it; absent for a single call. */
  jobId?: number;
  input: FinderCallInput;
  outcome: Pick<FinderOutcome, 'email' | 'result'>;
}

/** Event types whose data carries finder outcomes, and how to read them out. */
export type FoundAddressReader = (event: RecordedEvent) => FoundAddress[];

/**
 * Only server-confirmed addresses (result Ok) teach a domain's format: a catch-all guess or an
 * unverified known-format answer merely repeats the finder's own belief and would reinforce it.
 */
function confirmedByDomain(found: FoundAddress[]): Map<string, KnownAddressEntry[]> {
  const byDomain = new Map<string, KnownAddressEntry[]>();
  for (const { accountId, jobId, input, outcome } of found) {
    if (outcome.result !== 'Ok' || !outcome.email) continue;
    const email = outcome.email.toLowerCase();
    const list = byDomain.get(domainOf(email)) ?? [];
    const entry: KnownAddressEntry = { email, firstName: input.firstName, lastName: input.lastName, accountId };
    list.push(jobId === undefined ? entry : { ...entry, jobId });
    byDomain.set(domainOf(email), list);
  }
  return byDomain;
}

/** The domain of a lower-cased address. */
export const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1);

// Per job too: a job's erasure then removes its own entry and keeps the one a single call (or another job) taught.
const entryKey = (entry: KnownAddressEntry) => `${entry.email} ${entry.accountId ?? ''} ${entry.jobId ?? ''}`;

function merged(existing: KnownAddressEntry[], added: KnownAddressEntry[]): KnownAddressEntry[] {
  const fresh = new Set(added.map(entryKey));
  return [...existing.filter((a) => !fresh.has(entryKey(a))), ...added].slice(-MAX_ADDRESSES_PER_DOMAIN);
}

/** `finder_known_addresses`, keyed by domain: the addresses the finder confirmed there, with their owners' names. */
export function knownAddressesProjection(readers: Record<string, FoundAddressReader>): Projection {
  return {
    name: 'finder-known-addresses',
    eventTypes: Object.keys(readers),
    collections: [KNOWN_ADDRESSES_COLLECTION],
    async handle(event: RecordedEvent, store: ReadStore) {
      const collection = store.collection<KnownAddressesDocument>(KNOWN_ADDRESSES_COLLECTION);
      for (const [domain, added] of confirmedByDomain(readers[event.type]?.(event) ?? [])) {
        const stored = await collection.get(domain);
        if (stored && stored._position >= event.position) continue;
        await collection.upsert({
          _id: domain,
          domain,
          addresses: merged(stored?.addresses ?? [], added),
          updatedAt: event.recordedAt,
          _position: event.position,
        });
      }
    },
  };
}
