import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { API_KEYS_COLLECTION, OpenAccountCommand } from '@lib/accounts';
import { GrantCreditsCommand } from '@lib/credits';
import { ReadModelFreshness } from '@lib/platform';

/** Opening an account is two aggregates (account, credit ledger); used by the admin API, the CLI and the demo bootstrap (sign-up: SignUpAccounts). */
@Injectable()
export class AccountProvisioning {
  constructor(
    private readonly commands: CommandBus,
    private readonly freshness: ReadModelFreshness,
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
    await this.freshness.waitForDocument(API_KEYS_COLLECTION, keyId, position);
  }
}
