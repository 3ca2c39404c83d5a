import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiKeyKind } from '../domain/key-kind';

/**
 * API keys look like `mk_<keyId>_<secret>` (live), `mck_test_<keyId>_<secret>` (test) or
 * `mck_pub_<keyId>_<secret>` (publishable), so a key's kind shows at a glance, in code and in logs. The
 * key id is public and locates the stored record; only a SHA-256 of the 256-bit random secret is stored. A
 * fast hash is enough here because the secret has full entropy (no dictionary to attack), unlike a password.
 */
const KEY_PATTERN = /^(mk|mck_test|mck_pub)_([a-f0-9]{16})_([A-Za-z0-9_-]{43})$/;
const PREFIX: Record<ApiKeyKind, string> = { live: 'mk', test: 'mck_test', publishable: 'mck_pub' };
const KIND_OF_PREFIX: Record<string, ApiKeyKind> = { mk: 'live', mck_test: 'test', mck_pub: 'publishable' };

export interface ParsedApiKey {
  /** The kind the key's prefix claims; authentication checks it against the stored key. */
  kind: ApiKeyKind;
  keyId: string;
  secret: string;
}

export function newKeyId(): string {
  return randomBytes(8).toString('hex');
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function formatApiKey(kind: ApiKeyKind, keyId: string, secret: string): string {
  return `${PREFIX[kind]}_${keyId}_${secret}`;
}

export function parseApiKey(raw: string): ParsedApiKey | null {
  const match = KEY_PATTERN.exec(raw.trim());
  return match ? { kind: KIND_OF_PREFIX[match[1]], keyId: match[2], secret: match[3] } : null;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented secret against the stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
