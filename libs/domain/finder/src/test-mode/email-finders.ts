import { accountModeOf, type AccountMode } from '@lib/common';
import type { EmailFinder } from '../domain/find-email';

/**
 * The finder of each account mode (accountModeOf): test accounts look up through the magic domain table,
 * live ones through the engine. Single, batch and job lookups ask it per call.
 */
export class EmailFinders {
  constructor(private readonly byMode: Readonly<Record<AccountMode, EmailFinder>>) {}

  for(accountId: string): EmailFinder {
    return this.byMode[accountModeOf(accountId)];
  }
}
