import { canonicalEmail, checkSyntax } from '@lib/verification-engine';

export interface AddressKey {
  /** What is probed: the cell trimmed, domain lowercased and punycoded. */
  email: string;
  /** Dedupe key and result lookup key (provider-aware: Gmail dots and +tags, lowercase). */
  canonical: string;
  domain: string;
  /** Not an address: the engine answers invalid / invalid_syntax without a probe, charged like any `invalid`. */
  malformed?: true;
}

/** The chunk key (and plan "domain") of malformed cells: they need no SMTP session, so they are packed together. */
export const MALFORMED_DOMAIN = '(malformed)';

/**
 * The one reading of an email cell, used at upload (dedupe, chunking) and at download (joining results
 * back to rows), so both always agree. Null for an empty cell (nothing to verify, free); a malformed
 * cell is verified like an address (the spec: `invalid` is decisive and costs 1 credit, as in single verify).
 */
export function addressKey(cell: string | undefined): AddressKey | null {
  const trimmed = (cell ?? '').trim().replace(/^mailto:/i, '');
  if (!trimmed) return null;
  const syntax = checkSyntax(trimmed);
  if (!syntax.ok)
    return { email: trimmed, canonical: `malformed:${trimmed}`, domain: MALFORMED_DOMAIN, malformed: true };
  const email = `${syntax.local}@${syntax.domain}`;
  return { email, canonical: canonicalEmail(email) ?? email.toLowerCase(), domain: syntax.domain };
}
