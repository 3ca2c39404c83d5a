import { Command } from '@nestjs/cqrs';
import type { KeyRestrictions, KeyRestrictionsChange } from '../domain/key-restrictions';

/** `effective`: authentication in every process already applies the new limits. */
export interface RestrictedKey extends KeyRestrictions {
  keyId: string;
  effective: boolean;
}

/**
 * Changes a key's scopes or allowlist (a field absent keeps what the key has, null lifts the limit). `by`:
 * the dashboard user who asks, judged on the account stream as for a revocation; absent for an operator.
 */
export class RestrictApiKeyCommand extends Command<RestrictedKey> {
  constructor(
    readonly keyId: string,
    readonly change: KeyRestrictionsChange,
    readonly by?: string,
  ) {
    super();
  }
}
