import { Command, Query } from '@nestjs/cqrs';

export interface ClosedAccount {
  /** The other members removed with the closure (their user streams leave the team: TeamRemovalConsumer). */
  removedUserIds: string[];
  revokedKeys: number;
  closedAt: string;
}

/**
 * The owner closes the account, confirmed by the team's name typed. Every key is revoked, every other member
 * removed, every pending invitation withdrawn, then AccountClosed, in one append; the answer comes once
 * authentication in every process refuses the keys. The data goes with the account's erasure (libs/domain/erasure).
 */
export class CloseAccountCommand extends Command<ClosedAccount> {
  constructor(
    readonly accountId: string,
    readonly by: string,
    readonly teamName: string,
  ) {
    super();
  }
}

/** Where an account stands, read from its stream: never opened, open, or closed (and its team's name). */
export class AccountStatusQuery extends Query<{ status: 'none' | 'open' | 'closed'; name: string | null }> {
  constructor(readonly accountId: string) {
    super();
  }
}
