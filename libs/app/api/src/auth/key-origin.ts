import { DomainError } from '@lib/common';
import { originAllowed, type Principal } from '@lib/accounts';

/**
 * A publishable key sits in web pages, so anyone can copy it: it answers only requests whose Origin header
 * (set by the browser, which a page's script cannot change) is one of the key's origins. Referer is no proof
 * (pages can drop it, and it is not checked). A missing Origin is refused as well: a request from a server
 * or a script outside a browser has no business with a publishable key. Returns the origin to allow CORS for.
 */
export function enforceKeyOrigin(principal: Principal, originHeader: unknown): string {
  const origin = typeof originHeader === 'string' ? originHeader : '';
  const allowed = principal.restrictions?.allowedOrigins ?? [];
  if (origin !== '' && originAllowed(origin, allowed)) return origin;
  throw new DomainError(
    'ORIGIN_NOT_ALLOWED',
    origin === ''
      ? 'A publishable key is used from web pages only: this request has no Origin header.'
      : `This publishable key does not work from ${origin}: add that origin to the key.`,
    undefined,
    { origin: origin === '' ? null : origin },
  );
}
