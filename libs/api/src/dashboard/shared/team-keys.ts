import { Injectable } from '@nestjs/common';
import { API_KEYS_COLLECTION, ApiKeyDoc } from '@lib/accounts';
import { DomainError } from '@lib/common';
import { DashboardPrincipal } from '@lib/identity';
import { ReadStore } from '@lib/readstore';

/**
 * Which keys the signed-in user may change: any of the team's for owners and admins, their own for a
 * member. A key of another team (or another member's) reads as not found.
 */
@Injectable()
export class TeamKeys {
  constructor(private readonly readStore: ReadStore) {}

  async require(user: DashboardPrincipal, keyId: string): Promise<ApiKeyDoc> {
    const key = await this.readStore.collection<ApiKeyDoc>(API_KEYS_COLLECTION).get(keyId);
    if (!key || key.accountId !== user.accountId || (user.role === 'member' && key.userId !== user.userId))
      throw new DomainError('API_KEY_NOT_FOUND');
    return key;
  }
}
