import { Command } from '@nestjs/cqrs';
import type { KeyRestrictions, KeyRestrictionsChange } from '../domain/key-restrictions';
import type { ApiKeyKind } from '../domain/key-kind';

export interface IssuedKey {
  keyId: string;
  apiKey: string;
  position: number;
  kind: ApiKeyKind;
  /** The limits the key was issued with (null: none). */
  restrictions: KeyRestrictions;
}

/** Issues a member key: a live one spends the account owner's credits (see ApiKeyKind for the others). */
export class IssueApiKeyCommand extends Command<IssuedKey> {
  constructor(
    readonly accountId: string,
    readonly label: string,
    readonly userId?: string,
    /** Scopes and allowlist; checked by the account decider (INVALID_KEY_SCOPE, INVALID_KEY_ALLOWLIST). */
    readonly restrictions?: KeyRestrictionsChange,
    /** Absent: live; checked by the account decider (INVALID_KEY_KIND). */
    readonly kind?: string,
  ) {
    super();
  }
}
