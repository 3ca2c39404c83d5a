import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@lib/common';

/** The whole admin API is off (404) without ADMIN_TOKEN; otherwise the bearer token is compared in constant time. */
export function verifyAdminToken(configured: string | null, authorization: string | undefined): void {
  if (!configured) throw new DomainError('ADMIN_DISABLED');
  const presented = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  // Hash both sides so the comparison has a fixed length and leaks nothing about the token's length.
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(configured).digest();
  if (!presented || !timingSafeEqual(a, b)) throw new DomainError('INVALID_ADMIN_TOKEN');
}
