import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { OpenAccountCommand } from '@lib/accounts';
import { CreditLedger } from '@lib/credits';
import { UserStreams } from '../shared/user-streams';
import { IDENTITY_CONFIG, IdentityConfig } from '../identity.config';

const DAY_MS = 24 * 3_600_000;

/** The ledger transaction of an account's trial credits: fixed, so it is granted once however often this runs. */
export const trialTransactionId = (accountId: string): string => `trial-${accountId}`;

/**
 * A confirmed sign-up's team account, opened with its trial credits. Both steps are idempotent (the open
 * is a no-op on an open account, the trial CreditLedger.grantOnce under a fixed transaction id), so the two paths
 * that run it, the confirmation request and the worker's consumer of EmailConfirmed, never grant twice,
 * and the consumer finishes whatever a request that died after the confirmation left undone.
 */
@Injectable()
export class SignUpAccounts {
  constructor(
    private readonly users: UserStreams,
    private readonly commands: CommandBus,
    private readonly ledger: CreditLedger,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Opens the account the user signed up with and grants its trial; false when the user never registered. */
  async ensureFor(userId: string): Promise<boolean> {
    const registered = await this.users.registration(userId);
    if (!registered) return false;
    const { accountId } = registered;
    await this.commands.execute(
      new OpenAccountCommand(registered.company || registered.name, accountId, false, userId),
    );
    const trialCredits = this.config.trialCredits;
    if (trialCredits <= 0) return true;
    // The trial comes after the registration; a day's margin covers clocks that disagree between processes and the store.
    const since = new Date(Date.parse(registered.registeredAt) - DAY_MS).toISOString();
    await this.ledger.grantOnce(
      accountId,
      trialCredits,
      0,
      { kind: 'grant', reason: 'trial credits' },
      trialTransactionId(accountId),
      since,
    );
    return true;
  }
}
