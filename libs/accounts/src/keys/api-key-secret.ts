import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API keys look like `mk_<keyId>_<secret>`. The key id is public and locates the stored record;
 * only a SHA-256 of the 256-bit random secret is stored. A fast hash is enough here because the
 * secret has full entropy (no dictionary to attack), unlike a password.
 */
const KEY_PATTERN = /^mk_([a-f0-9]{16})_([A-Za-z0-9_-]{43})$/;

export interface ParsedApiKey {
  keyId: string;
  secret: string;
}

export function newKeyId(): string {
  return randomBytes(8).toString('hex');
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function formatApiKey(keyId: string, secret: string): string {
  return `mk_${keyId}_${secret}`;
}

export function parseApiKey(raw: string): ParsedApiKey | null {
  const match = KEY_PATTERN.exec(raw.trim());
  return match ? { keyId: match[1], secret: match[2] } : null;
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
