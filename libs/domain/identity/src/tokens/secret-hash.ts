import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * One-time tokens (email links, session and CSRF secrets) are 256-bit random values; only their
 * SHA-256 is stored. A fast hash is enough because the secret has full entropy (unlike a password).
 */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests (false when either is missing or the lengths differ). */
export function sameHash(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}
