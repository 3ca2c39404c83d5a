/**
 * What a finder lookup answers in test mode, by the first label of the company domain (lower case, `_` as
 * `-`), so `found.acme.com` and `found.example` behave alike. Each row is what the magic prober reports;
 * the finder's own rules (decideOutcome) turn it into the answer, as in live mode. docs/test-mode.md holds
 * the same table for readers.
 */
export type MagicDomain =
  /** The first candidate exists: Found, found. */
  | { kind: 'mailboxes'; answer: 'ok' }
  /** The domain accepts every address: Found, catch_all (the likeliest candidate). */
  | { kind: 'mailboxes'; answer: 'catch_all' }
  /** Every candidate is rejected: Not Found, not_found. */
  | { kind: 'mailboxes'; answer: 'invalid' }
  /** The server will not say: Not Found, unverifiable (or known_format_unverified with a known format). */
  | { kind: 'mailboxes'; answer: 'unknown' }
  /** The domain takes no mail, for the engine's reason (no_mx, domain_not_found, reserved_domain, disposable). */
  | { kind: 'no_mail'; reason: string }
  | { kind: 'disposable' };

/** How long `slow.` takes. */
export const MAGIC_FINDER_SLOW_MS = 3_000;

export const MAGIC_DOMAINS: Readonly<Record<string, MagicDomain>> = {
  found: { kind: 'mailboxes', answer: 'ok' },
  slow: { kind: 'mailboxes', answer: 'ok' },
  'catch-all': { kind: 'mailboxes', answer: 'catch_all' },
  'not-found': { kind: 'mailboxes', answer: 'invalid' },
  unverifiable: { kind: 'mailboxes', answer: 'unknown' },
  'known-format': { kind: 'mailboxes', answer: 'unknown' },
  'no-mail-server': { kind: 'no_mail', reason: 'no_mx' },
  'invalid-domain': { kind: 'no_mail', reason: 'domain_not_found' },
  'reserved-domain': { kind: 'no_mail', reason: 'reserved_domain' },
  disposable: { kind: 'disposable' },
};

/** A domain outside the table: the server would not say, so the finder answers unverifiable (no charge). */
export const OUTSIDE_THE_DOMAIN_TABLE: MagicDomain = { kind: 'mailboxes', answer: 'unknown' };

/** The table's key for a domain: its first label, lower case, `_` as `-`. */
export function magicDomainName(domain: string): string {
  return domain.split('.')[0].toLowerCase().replace(/_/g, '-');
}

/** The person `known-format.` domains have on record, so their format (first.last) is known. */
export const MAGIC_KNOWN_PERSON = { firstName: 'Jane', lastName: 'Doe', localPart: 'jane.doe' } as const;
