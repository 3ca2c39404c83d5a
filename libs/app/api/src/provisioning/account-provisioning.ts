import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiKeyReadyQuery } from '@lib/accounts';
import { AccountOpening } from '@lib/teams';

/**
 * An operator's account opened by the API (the admin route, the demo bootstrap) through AccountOpening,
 * answered once its owner key works. The CLI opens through AccountOpening too: it has no projector to wait for.
 */
@Injectable()
export class AccountProvisioning {
  constructor(
    private readonly opening: AccountOpening,
    private readonly queries: QueryBus,
  ) {}

  async openAccount(
    name: string,
    credits: number,
  ): Promise<{ accountId: string; keyId: string; apiKey: string; credits: number }> {
    const opened = await this.opening.withOwnerKey(name, credits);
    await this.waitForKey(opened.keyId, opened.position);
    return { accountId: opened.accountId, keyId: opened.keyId, apiKey: opened.apiKey, credits };
  }

  /** The key works as soon as this returns, because authentication reads the projected key. */
  async waitForKey(keyId: string, position: number): Promise<void> {
    await this.queries.execute(new ApiKeyReadyQuery(keyId, position));
  }
}
