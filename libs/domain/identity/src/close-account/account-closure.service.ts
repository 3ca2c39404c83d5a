import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { AccountStatusQuery, CloseAccountCommand, type ClosedAccount } from '@lib/accounts';
import { Clock, DomainError } from '@lib/common';
import type { DashboardPrincipal } from '../authenticate/session-authenticator';
import { UserStreams } from '../shared/user-streams';
import { LeaveTeamCommand } from '../switch-team/switch-team.commands';

/**
 * The team side of closing an account: the owner alone, confirmed by the team's name; the account stream
 * revokes every key and removes every other member in one append; the members go back to their own
 * accounts, and every session of the owner ends (a closed account signs in no more: SignInService).
 */
@Injectable()
export class AccountClosureService {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly users: UserStreams,
    private readonly clock: Clock,
  ) {}

  /** The refusals closing would answer, checked before anything is asked (the erasure comes first). */
  async requireClosable(user: DashboardPrincipal, teamName: unknown): Promise<void> {
    if (user.role !== 'owner') throw new DomainError('ACCOUNT_CLOSE_OWNER_ONLY');
    const { status, name } = await this.queries.execute(new AccountStatusQuery(user.accountId));
    if (status === 'closed') throw new DomainError('ACCOUNT_CLOSED');
    if (typeof teamName !== 'string' || teamName.trim() !== (name ?? '').trim())
      throw new DomainError('ACCOUNT_CLOSE_NAME_MISMATCH');
  }

  async close(user: DashboardPrincipal, teamName: string): Promise<ClosedAccount> {
    const closed = await this.commands.execute(new CloseAccountCommand(user.accountId, user.userId, teamName));
    // The worker's MemberRemoved consumer does the same if this request dies here (MemberRemovedConsumer of @lib/teams).
    for (const userId of closed.removedUserIds)
      await this.commands.execute(new LeaveTeamCommand(userId, user.accountId, closed.closedAt));
    await this.users.run(user.userId, { type: 'EndAllSessions', reason: 'account_closed', at: this.clock.nowIso() });
    return closed;
  }
}
