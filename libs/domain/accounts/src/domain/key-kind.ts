import { DomainError } from '@lib/common';

/**
 * What a key is for. `live`: a server-side secret that spends the account's credits (every key issued
 * before keys had kinds). `test`: answers from the documented table of magic addresses, never opens a
 * connection and spends a balance of its own. `publishable`: may sit in a web page; it only verifies single
 * addresses, only from the origins its owner lists.
 */
export const API_KEY_KINDS = ['live', 'test', 'publishable'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

export function requireKeyKind(kind: string | undefined): ApiKeyKind {
  if (kind === undefined) return 'live';
  if ((API_KEY_KINDS as readonly string[]).includes(kind)) return kind as ApiKeyKind;
  throw new DomainError(
    'INVALID_KEY_KIND',
    `Unknown key kind ${JSON.stringify(kind)}: use ${API_KEY_KINDS.join(', ')}.`,
  );
}
