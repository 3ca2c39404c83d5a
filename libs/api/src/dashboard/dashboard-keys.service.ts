import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  API_KEYS_COLLECTION,
  ApiKeyDoc,
  IssueApiKeyCommand,
  KeyLastUsed,
  RevokeApiKeyCommand,
  RotateApiKeyCommand,
} from '@lib/accounts';
import { DomainError } from '@lib/common';
import { DashboardPrincipal, UserDoc, USERS_COLLECTION } from '@lib/identity';
import { ReadStore } from '@lib/readstore';
import { AccountProvisioning } from '../admin/account-provisioning';

export interface TeamKeyView {
  keyId: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  rotatedAt: string | null;
  owner: { userId: string; email: string } | null;
}

/**
 * The team's API keys as the signed-in user manages them, through the same account decider and
 * commands the admin API uses. A key of another team reads as not found.
 */
@Injectable()
export class DashboardKeysService {
  constructor(
    private readonly commands: CommandBus,
    private readonly readStore: ReadStore,
    private readonly lastUsed: KeyLastUsed,
    private readonly provisioning: AccountProvisioning,
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

  /** The secret is in this answer only; the key works in every process once it returns. */
  async create(user: DashboardPrincipal, label: string): Promise<{ keyId: string; apiKey: string; label: string }> {
    const issued = await this.commands.execute(new IssueApiKeyCommand(user.accountId, label, user.userId));
    await this.provisioning.waitForKey(issued.keyId, issued.position);
    return { keyId: issued.keyId, apiKey: issued.apiKey, label };
  }

  async revoke(user: DashboardPrincipal, keyId: string) {
    await this.requireTeamKey(user, keyId);
    return this.commands.execute(new RevokeApiKeyCommand(keyId));
  }

  async rotate(user: DashboardPrincipal, keyId: string) {
    await this.requireTeamKey(user, keyId);
    return this.commands.execute(new RotateApiKeyCommand(keyId));
  }

  private async requireTeamKey(user: DashboardPrincipal, keyId: string): Promise<ApiKeyDoc> {
    const key = await this.readStore.collection<ApiKeyDoc>(API_KEYS_COLLECTION).get(keyId);
    if (!key || key.accountId !== user.accountId || (user.role === 'member' && key.userId !== user.userId))
      throw new DomainError('API_KEY_NOT_FOUND');
    return key;
  }
}
