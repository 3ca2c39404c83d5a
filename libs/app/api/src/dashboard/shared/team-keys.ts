import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiKeyView, GetApiKeyQuery } from '@lib/accounts';
import { DomainError } from '@lib/common';
import { DashboardPrincipal } from '@lib/identity';

/**
 * Which keys the signed-in user may change: any of the team's for owners and admins, their own for a
 * member. A key of another team (or another member's) reads as not found.
 */
@Injectable()
export class TeamKeys {
  constructor(private readonly queries: QueryBus) {}

  async require(user: DashboardPrincipal, keyId: string): Promise<ApiKeyView> {
    const key = await this.queries.execute(new GetApiKeyQuery(keyId));
    if (!key || key.accountId !== user.accountId || (user.role === 'member' && key.userId !== user.userId))
      throw new DomainError('API_KEY_NOT_FOUND');
    return key;
  }
}
