import { documentProjection } from '@lib/readstore';
import { AccountEvent } from '../domain/account.events';
import { accountDecider } from '../domain/account.decider';
import type { ApiKeyKind } from '../domain/key-kind';

/** Read model used by authentication: one document per key id. */
export interface ApiKeyDoc {
  _id: string;
  accountId: string;
  secretHash: string;
  label: string;
  role: 'owner' | 'member';
  /** The dashboard user who created the key; null for keys made by an operator. */
  userId: string | null;
  revoked: boolean;
  /** null: every scope; absent on a document projected before keys had limits, read as null. */
  scopes?: string[] | null;
  /** null: every client address. */
  allowedAddresses?: string[] | null;
  monthlyCreditCap?: number | null;
  /** Absent on a document projected before keys had kinds: live. */
  kind?: ApiKeyKind;
  /** A publishable key's web origins; null for the other kinds. */
  allowedOrigins?: string[] | null;
  issuedAt: string;
  revokedAt: string | null;
  rotatedAt: string | null;
  _position?: number;
}

export const API_KEYS_COLLECTION = 'api_keys';

export const apiKeysProjection = documentProjection<ApiKeyDoc, AccountEvent>({
  name: 'api-keys',
  collection: API_KEYS_COLLECTION,
  eventTypes: ['ApiKeyIssued', 'ApiKeyRevoked', 'ApiKeyRotated', 'ApiKeyRestrictionsChanged'],
  upcasters: accountDecider.upcasters,
  documentId: (event) => ('keyId' in event.data ? event.data.keyId : null),
  evolve: (doc, event) => {
    switch (event.type) {
      case 'ApiKeyIssued':
        return {
          _id: event.data.keyId,
          accountId: event.data.accountId,
          secretHash: event.data.secretHash,
          label: event.data.label,
          role: event.data.role,
          userId: event.data.userId ?? null,
          revoked: false,
          scopes: event.data.scopes ?? null,
          allowedAddresses: event.data.allowedAddresses ?? null,
          monthlyCreditCap: event.data.monthlyCreditCap ?? null,
          kind: event.data.kind ?? 'live',
          allowedOrigins: event.data.allowedOrigins ?? null,
          issuedAt: event.data.issuedAt,
          revokedAt: null,
          rotatedAt: null,
        };
      case 'ApiKeyRevoked':
        return doc && { ...doc, revoked: true, revokedAt: event.data.revokedAt };
      case 'ApiKeyRotated':
        return doc && { ...doc, secretHash: event.data.secretHash, rotatedAt: event.data.rotatedAt };
      case 'ApiKeyRestrictionsChanged':
        return (
          doc && {
            ...doc,
            scopes: event.data.scopes,
            allowedAddresses: event.data.allowedAddresses,
            monthlyCreditCap: event.data.monthlyCreditCap ?? null,
            allowedOrigins: event.data.allowedOrigins ?? null,
          }
        );
      default:
        return doc;
    }
  },
});
