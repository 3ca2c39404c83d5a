import type { DataKey } from '../data-key-store.port';
import type { DataKeyCache } from './data-key-cache';
import type { ScopeRef } from './personal-data-policy';
import { accountPepperScope, addressScope } from './scopes';

/**
 * The scopes of `refs` as data keys are named: a literal scope as it is, an address turned into its account's
 * keyed digest (the pepper is a key too), so neither the log nor the bus ever names a guessable hash.
 */
export async function resolveScopes(keys: DataKeyCache, refs: ScopeRef[]): Promise<(ref: ScopeRef) => string> {
  const accounts = [...new Set(refs.flatMap((ref) => (typeof ref === 'string' ? [] : [ref.accountId])))];
  const peppers = accounts.length > 0 ? await keys.keysFor(accounts.map(accountPepperScope)) : new Map();
  return (ref) =>
    typeof ref === 'string'
      ? ref
      : addressScope(ref.accountId, ref.address, (peppers.get(accountPepperScope(ref.accountId)) as DataKey).key);
}
