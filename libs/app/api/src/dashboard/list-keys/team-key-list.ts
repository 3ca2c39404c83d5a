import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { type ApiKeyKind, KeyLastUsed, ListApiKeysQuery, type KeyScope } from '@lib/accounts';
import { DashboardPrincipal, FindUsersQuery } from '@lib/identity';

export interface TeamKeyView {
  keyId: string;
  kind: ApiKeyKind;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  rotatedAt: string | null;
  scopes: KeyScope[] | null;
  allowedAddresses: string[] | null;
  monthlyCreditCap: number | null;
  allowedOrigins: string[] | null;
  owner: { userId: string; email: string } | null;
}

/** The team's API keys as the signed-in user sees them, with when each was last used and who made it. */
@Injectable()
export class TeamKeyList {
  constructor(
    private readonly queries: QueryBus,
    private readonly lastUsed: KeyLastUsed,
  ) {}

  async list(user: DashboardPrincipal): Promise<TeamKeyView[]> {
    // A member sees and manages only the keys they made; owners and admins see the whole team's.
    const keys = await this.queries.execute(
      new ListApiKeysQuery(user.accountId, user.role === 'member' ? user.userId : undefined),
    );
    const lastUsed = await this.lastUsed.of(keys.map((key) => key.keyId));
    const ownerIds = [...new Set(keys.map((key) => key.userId).filter((id): id is string => !!id))];
    const owners = await this.queries.execute(new FindUsersQuery(ownerIds));
    const emails = new Map(owners.map((owner) => [owner.userId, owner.email]));
    return keys.map((key) => ({
      keyId: key.keyId,
      kind: key.kind,
      label: key.label,
      createdAt: key.issuedAt,
      lastUsedAt: lastUsed.get(key.keyId) ?? null,
      revokedAt: key.revokedAt,
      rotatedAt: key.rotatedAt,
      scopes: key.scopes,
      allowedAddresses: key.allowedAddresses,
      monthlyCreditCap: key.monthlyCreditCap,
      allowedOrigins: key.allowedOrigins,
      owner: key.userId ? { userId: key.userId, email: emails.get(key.userId) ?? '' } : null,
    }));
  }
}
