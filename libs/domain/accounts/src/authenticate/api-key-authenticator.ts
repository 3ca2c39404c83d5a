import { Injectable } from '@nestjs/common';
import { DomainError, testAccountOf } from '@lib/common';
import { ReadStore } from '@lib/readstore';
import { parseApiKey, secretMatches } from '../keys/api-key-secret';
import { API_KEYS_COLLECTION, ApiKeyDoc } from './api-keys.projection';
import { KeyLastUsed } from '../usage/key-last-used';
import type { KeyRestrictions, KeyScope } from '../domain/key-restrictions';
import type { ApiKeyKind } from '../domain/key-kind';

/** Who is calling: the key, and the account whose credits it spends (the team owner's). */
export interface Principal {
  keyId: string;
  /** A test key's is the live account's shadow (testAccountOf): its balance, history, jobs and webhooks. */
  accountId: string;
  role: 'owner' | 'member';
  /** The team member the key was minted for (or the signed-in user of a session); none for the account's opening key and admin-issued keys. */
  userId?: string;
  /** What the key is for; a dashboard session is live (it spends the team's credits). */
  kind: ApiKeyKind;
  /** The key's limits as authentication read them; absent for a dashboard session (it has every scope). */
  restrictions?: KeyRestrictions;
}

/**
 * Resolves an API key on every request from the read model, with no cache, so a revoked or
 * rotated key fails at once in every process.
 */
@Injectable()
export class ApiKeyAuthenticator {
  constructor(
    private readonly readStore: ReadStore,
    private readonly lastUsed: KeyLastUsed,
  ) {}

  async authenticate(rawKey: string | undefined): Promise<Principal> {
    if (!rawKey) throw new DomainError('MISSING_API_KEY');
    const parsed = parseApiKey(rawKey);
    if (!parsed) throw new DomainError('INVALID_API_KEY');
    const doc = await this.readStore.collection<ApiKeyDoc>(API_KEYS_COLLECTION).get(parsed.keyId);
    // Compare even when the key is unknown or revoked so timing does not reveal which key ids exist.
    const matches = secretMatches(parsed.secret, doc?.secretHash ?? '0'.repeat(64));
    // The prefix must name the stored kind: a live secret dressed as a test key is not a test key.
    const kind = doc?.kind ?? 'live';
    if (!doc || doc.revoked || !matches || kind !== parsed.kind) throw new DomainError('INVALID_API_KEY');
    this.lastUsed.touch(doc._id);
    return {
      keyId: doc._id,
      // Test mode by construction: everything a test key does is kept under the shadow account.
      accountId: kind === 'test' ? testAccountOf(doc.accountId) : doc.accountId,
      role: doc.role,
      ...(doc.userId ? { userId: doc.userId } : {}),
      kind,
      restrictions: {
        scopes: (doc.scopes as KeyScope[] | undefined) ?? null,
        allowedAddresses: doc.allowedAddresses ?? null,
        monthlyCreditCap: doc.monthlyCreditCap ?? null,
        allowedOrigins: doc.allowedOrigins ?? null,
      },
    };
  }
}
