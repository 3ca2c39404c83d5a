import { Injectable } from '@nestjs/common';
import { API_KEYS_COLLECTION, ApiKeyDoc, KeyLastUsed } from '@lib/accounts';
import { DashboardPrincipal, UserDoc, USERS_COLLECTION } from '@lib/identity';
import { ReadStore } from '@lib/readstore';

export interface TeamKeyView {
  keyId: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  rotatedAt: string | null;
  owner: { userId: string; email: string } | null;
}

/** The team's API keys as the signed-in user sees them, with when each was last used and who made it. */
@Injectable()
export class TeamKeyList {
  constructor(
    private readonly readStore: ReadStore,
    private readonly lastUsed: KeyLastUsed,
  ) {}

  async list(user: DashboardPrincipal): Promise<TeamKeyView[]> {
    // A member sees and manages only the keys they made; owners and admins see the whole team's.
    const filter =
      user.role === 'member' ? { accountId: user.accountId, userId: user.userId } : { accountId: user.accountId };
    const keys = await this.readStore
      .collection<ApiKeyDoc>(API_KEYS_COLLECTION)
      .find({ filter, sort: { issuedAt: -1 } });
    const lastUsed = await this.lastUsed.of(keys.map((key) => key._id));
    const ownerIds = [...new Set(keys.map((key) => key.userId).filter((id): id is string => !!id))];
    const owners =
      ownerIds.length === 0
        ? []
        : await this.readStore.collection<UserDoc>(USERS_COLLECTION).find({ filter: { _id: { $in: ownerIds } } });
    const emails = new Map(owners.map((owner) => [owner._id, owner.email]));
    return keys.map((key) => ({
      keyId: key._id,
      label: key.label,
      createdAt: key.issuedAt,
      lastUsedAt: lastUsed.get(key._id) ?? null,
      revokedAt: key.revokedAt,
      rotatedAt: key.rotatedAt,
      owner: key.userId ? { userId: key.userId, email: emails.get(key.userId) ?? '' } : null,
    }));
  }
}
