import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { OpenAccountCommand, type OpenedAccount } from '@lib/accounts';
import { Clock } from '@lib/common';
import { GrantCreditsCommand } from '@lib/ledger';
import { FindRegistrationQuery } from '@lib/identity';
import { TEAMS_CONFIG, TeamsConfig } from '../teams.config';

const DAY_MS = 24 * 3_600_000;

/** The ledger transaction of an account's starting credits: fixed per account, so they are granted once. */
const openingTransactionId = (accountId: string): string => `open-${accountId}`;
const trialTransactionId = (accountId: string): string => `trial-${accountId}`;

/** An operator's account: its id, its owner key (shown once) and the credits it opened with. */
export type OpenedWithKey = { accountId: string; keyId: string; apiKey: string; credits: number; position: number };

/**
 * Opening an account, the one way every entry does it: the account (AccountOpened) and then its starting
 * credits (GrantCreditsCommand, once per account). Both steps are idempotent (an open account is opened
 * again as a no-op; the grant adds nothing when its transaction is in the ledger), so a retried or
 * redelivered opening never grants twice, and a run finishes what a run that died between them left undone.
 */
@Injectable()
export class AccountOpening {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
    @Inject(TEAMS_CONFIG) private readonly config: TeamsConfig,
  ) {}

  /**
   * An account an operator opens (admin API, CLI, the demo account) under a new id, with an owner key and
   * its opening balance. The key works once a projector has projected it (the caller waits if it can).
   */
  async withOwnerKey(name: string, credits: number): Promise<OpenedWithKey> {
    const opened = await this.commands.execute(new OpenAccountCommand(name));
    // A new id: nothing can have been granted before this moment (a day's margin for disagreeing clocks).
    const since = new Date(this.clock.now() - DAY_MS).toISOString();
    await this.grant(opened, credits, 'opening balance', openingTransactionId(opened.accountId), since);
    return {
      accountId: opened.accountId,
      keyId: opened.keyId!,
      apiKey: opened.apiKey!,
      credits,
      position: opened.position,
    };
  }

  /**
   * A confirmed sign-up's team account, owned by the user, under the id recorded at registration, with
   * its trial credits. Run by the confirmation request and by the worker's consumer of EmailConfirmed
   * (which finishes what a request that died after the confirmation left undone). False when the user
   * never registered.
   */
  async forSignUp(userId: string): Promise<boolean> {
    const registered = await this.queries.execute(new FindRegistrationQuery(userId));
    if (!registered) return false;
    const opened = await this.commands.execute(
      new OpenAccountCommand(registered.accountName, registered.accountId, false, userId),
    );
    // The trial comes after the registration; a day's margin covers clocks that disagree between processes and the store.
    const since = new Date(Date.parse(registered.registeredAt) - DAY_MS).toISOString();
    await this.grant(opened, this.config.trialCredits, 'trial credits', trialTransactionId(opened.accountId), since);
    return true;
  }

  private async grant(
    opened: OpenedAccount,
    credits: number,
    reason: string,
    transactionId: string,
    since: string,
  ): Promise<void> {
    if (credits <= 0) return;
    await this.commands.execute(new GrantCreditsCommand(opened.accountId, credits, reason, transactionId, since));
  }
}
