import { Command } from '@nestjs/cqrs';
import type { KeyRestrictions, KeyRestrictionsChange } from '../domain/key-restrictions';

export interface IssuedKey {
  keyId: string;
  apiKey: string;
  position: number;
  /** The limits the key was issued with (null: none). */
  restrictions: KeyRestrictions;
}

/** Issues a member key: it spends the account owner's credits. */
export class IssueApiKeyCommand extends Command<IssuedKey> {
  constructor(
    readonly accountId: string,
    readonly label: string,
    readonly userId?: string,
    /** Scopes and allowlist; checked by the account decider (INVALID_KEY_SCOPE, INVALID_KEY_ALLOWLIST). */
    readonly restrictions?: KeyRestrictionsChange,
  ) {
    super();
  }
}
