import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiKeyReadyQuery, OpenAccountCommand } from '@lib/accounts';
import { GrantCreditsCommand } from '@lib/credits';

/**
 * Opening an account is two aggregates (account, credit ledger); used by the admin API and the demo
 * bootstrap (sign-up: SignUpAccounts). The CLI runs the two commands itself: it has no projector to wait for.
 */
@Injectable()
export class AccountProvisioning {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  async openAccount(
    name: string,
    credits: number,
  ): Promise<{ accountId: string; keyId: string; apiKey: string; credits: number }> {
    const opened = await this.commands.execute(new OpenAccountCommand(name));
    if (credits > 0) {
      await this.commands.execute(
        new GrantCreditsCommand(opened.accountId, credits, 'opening balance', `open-${opened.accountId}`),
      );
    }
    await this.waitForKey(opened.keyId!, opened.position);
    return { accountId: opened.accountId, keyId: opened.keyId!, apiKey: opened.apiKey!, credits };
  }

  /** The key works as soon as this returns, because authentication reads the projected key. */
  async waitForKey(keyId: string, position: number): Promise<void> {
    await this.queries.execute(new ApiKeyReadyQuery(keyId, position));
  }
}
