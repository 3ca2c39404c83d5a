import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { DomainError } from '@lib/common';
import { type DashboardPrincipal, FindUsersQuery, LeaveTeamCommand } from '@lib/identity';
import { requireManager } from '../shared/team-roles';
import { RemoveMemberCommand } from './remove-member.command';

/**
 * Removing a member: the account stream drops them and revokes their keys (RemoveMemberCommand answers
 * once authentication refuses them everywhere); their user stream leaves the team, so their session
 * falls back to their own account on its next request.
 */
@Injectable()
export class MemberRemovalService {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Removes a member; their keys are refused in every process once this returns. */
  async remove(user: DashboardPrincipal, memberUserId: string): Promise<{ userId: string; revokedKeys: number }> {
    requireManager(user);
    if (!/^[0-9]{1,20}$/.test(memberUserId)) throw new DomainError('MEMBER_NOT_FOUND');
    // Their current address too: invitations to it are withdrawn with them, whatever address they joined with.
    const [member] = await this.queries.execute(new FindUsersQuery([memberUserId]));
    const { revokedKeys, removedAt } = await this.commands.execute(
      new RemoveMemberCommand(user.accountId, memberUserId, member?.email, user.userId),
    );
    // The worker's MemberRemoved consumer does the same if this request dies here (MemberRemovedConsumer).
    await this.commands.execute(new LeaveTeamCommand(memberUserId, user.accountId, removedAt));
    return { userId: memberUserId, revokedKeys };
  }
}
