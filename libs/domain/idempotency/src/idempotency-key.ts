import { createHash } from 'node:crypto';
import { DomainError } from '@lib/common';

/** The header's rule in OpenAPI terms: what parseIdempotencyKey accepts (HTTP drops trailing spaces). */
export const IDEMPOTENCY_KEY_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '^[!-~]([ -~]{0,253}[!-~])?$',
} as const;

/** 1 to 255 printable ASCII characters (as Stripe and the IETF draft allow), else 400 code 2003. */
export function parseIdempotencyKey(header: unknown): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !/^[\x21-\x7e][\x20-\x7e]{0,254}$/.test(header))
    throw new DomainError('IDEMPOTENCY_KEY_INVALID');
  return header;
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** What "the same request" means: the operation and its validated input, not headers or formatting. */
export const requestFingerprint = (operation: string, input: unknown): string =>
  sha256(JSON.stringify([operation, input]));
