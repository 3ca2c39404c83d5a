import { canonicalEmail, checkSyntax } from '@lib/verification';

export interface AddressKey {
  /** What is probed: the cell trimmed, domain lowercased and punycoded. */
  email: string;
  /** Dedupe key and result lookup key (provider-aware: Gmail dots and +tags, lowercase). */
  canonical: string;
  domain: string;
}

/**
 * The one reading of an email cell, used at upload (dedupe, chunking) and at download (joining results
 * back to rows), so both always agree. Null for an empty or syntactically invalid cell.
 */
export function addressKey(cell: string | undefined): AddressKey | null {
  const trimmed = (cell ?? '').trim().replace(/^mailto:/i, '');
  const syntax = checkSyntax(trimmed);
  if (!syntax.ok) return null;
  const email = `${syntax.local}@${syntax.domain}`;
  return { email, canonical: canonicalEmail(email) ?? email.toLowerCase(), domain: syntax.domain };
}
