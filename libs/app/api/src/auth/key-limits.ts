import { DomainError } from '@lib/common';
import type { KeyScope, Principal } from '@lib/accounts';
import { addressInBlocks } from '@lib/net';

/**
 * Applies a key's limits to one request, before it spends anything (a rate-limit token included, so a
 * leaked key used from elsewhere cannot drain its owner's budget): the client address (the one Fastify
 * computed, forwarded only through TRUSTED_PROXIES) must be in the key's allowlist, then the key must
 * carry the route's scope. A route that declares no scope is refused to every key with scopes: it fails
 * closed. A key's monthly credit cap is not judged here but in the credit ledger, with each hold (paid
 * calls and list jobs' chunks alike). A dashboard session has no limits.
 */
export function enforceKeyLimits(
  principal: Principal,
  clientAddress: string,
  requiredScope: KeyScope | undefined,
): void {
  const limits = principal.restrictions;
  if (!limits) return;
  if (limits.allowedAddresses && !addressInBlocks(clientAddress, limits.allowedAddresses))
    throw new DomainError(
      'API_KEY_ADDRESS_NOT_ALLOWED',
      `This API key may not be used from ${clientAddress}: add it to the key's allowlist.`,
      undefined,
      { clientAddress },
    );
  if (limits.scopes && !(requiredScope && limits.scopes.includes(requiredScope)))
    throw new DomainError(
      'API_KEY_SCOPE_MISSING',
      requiredScope
        ? `This API key lacks the "${requiredScope}" scope this route needs (it has: ${limits.scopes.join(', ') || 'none'}).`
        : 'This route declares no scope, so only a key with every scope may call it.',
      undefined,
      { requiredScope: requiredScope ?? null },
    );
}
