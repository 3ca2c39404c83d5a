import { Query } from '@nestjs/cqrs';
import type { KeyScope } from '../domain/key-restrictions';
import type { ApiKeyKind } from '../domain/key-kind';

/** An API key as its team sees it (never its secret or hash). */
export interface ApiKeyView {
  keyId: string;
  accountId: string;
  label: string;
  /** The dashboard user who created the key; null for keys made by an operator. */
  userId: string | null;
  kind: ApiKeyKind;
  /** null: every scope (every key issued before keys had limits, and every key issued without them). */
  scopes: KeyScope[] | null;
  /** null: every client address. */
  allowedAddresses: string[] | null;
  /** null: no monthly credit cap. */
  monthlyCreditCap: number | null;
  /** A publishable key's web origins; null for the other kinds. */
  allowedOrigins: string[] | null;
  issuedAt: string;
  revokedAt: string | null;
  rotatedAt: string | null;
}

/** An account's keys, the newest first; with `userId`, only the keys that user made. */
export class ListApiKeysQuery extends Query<ApiKeyView[]> {
  constructor(
    readonly accountId: string,
    readonly userId?: string,
  ) {
    super();
  }
}

/** One key by id, or null when there is none. */
export class GetApiKeyQuery extends Query<ApiKeyView | null> {
  constructor(readonly keyId: string) {
    super();
  }
}

/**
 * Waits until authentication in every process sees a key as of the given append (the projected key
 * reached that position); answers false when the projector did not catch up in time.
 */
export class ApiKeyReadyQuery extends Query<boolean> {
  constructor(
    readonly keyId: string,
    readonly position: number,
  ) {
    super();
  }
}
