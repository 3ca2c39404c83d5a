import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { API_KEYS_COLLECTION, OpenAccountCommand } from '@lib/accounts';
import { creditLedgerStream, GrantCreditsCommand } from '@lib/credits';
import { EventStore } from '@lib/eventstore';
import { ReadModelFreshness } from '@lib/platform';

/** Opening an account is two aggregates (account, credit ledger); used by the admin API, the CLI, the demo bootstrap and sign-up. */
@Injectable()
export class AccountProvisioning {
  constructor(private readonly commands: CommandBus, private readonly freshness: ReadModelFreshness, private readonly events: EventStore) {}

  async openAccount(name: string, credits: number): Promise<{ accountId: string; keyId: string; apiKey: string; credits: number }> {
    const opened = await this.commands.execute(new OpenAccountCommand(name));
    if (credits > 0) {
      await this.commands.execute(new GrantCreditsCommand(opened.accountId, credits, 'opening balance', `open-${opened.accountId}`));
    }
    await this.waitForKey(opened.keyId!, opened.position);
    return { accountId: opened.accountId, keyId: opened.keyId!, apiKey: opened.apiKey!, credits };
  }

  /**
   * A signed-up team's account with its trial credits. Sign-up runs it before mailing the confirmation
   * link and confirmation runs it again (once: the link is single-use), so a crash between the steps
   * heals without granting twice: the trial goes only into a ledger that has no event yet.
   */
  async ensureSignUpAccount(accountId: string, name: string, ownerUserId: string, trialCredits: number): Promise<void> {
    await this.commands.execute(new OpenAccountCommand(name, accountId, false, ownerUserId));
    if (trialCredits <= 0) return;
    const first = await this.events.readStream(creditLedgerStream(accountId), { maxCount: 1 });
    if (first.length > 0) return;
    await this.commands.execute(new GrantCreditsCommand(accountId, trialCredits, 'trial credits', `trial-${accountId}`));
  }

  /** The key works as soon as this returns, because authentication reads the projected key. */
  async waitForKey(keyId: string, position: number): Promise<void> {
    await this.freshness.waitForDocument(API_KEYS_COLLECTION, keyId, position);
  }
}
