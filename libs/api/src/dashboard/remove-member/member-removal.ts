import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RemoveMemberCommand } from '@lib/accounts';
import { DomainError } from '@lib/common';
import { DashboardPrincipal, LeaveTeamCommand } from '@lib/identity';
import { requireManager } from '../shared/team-roles';

/**
 * Removing a member: the account stream drops them and revokes their keys (RemoveMemberCommand answers
 * once authentication refuses them everywhere); their user stream leaves the team, so their session
 * falls back to their own account on its next request.
 */
@Injectable()
export class MemberRemoval {
  constructor(private readonly commands: CommandBus) {}

  /** Removes a member; their keys are refused in every process once this returns. */
  async remove(user: DashboardPrincipal, memberUserId: string): Promise<{ userId: string; revokedKeys: number }> {
    requireManager(user);
    if (!/^[0-9]{1,20}$/.test(memberUserId)) throw new DomainError('MEMBER_NOT_FOUND');
    const { revokedKeys } = await this.commands.execute(new RemoveMemberCommand(user.accountId, memberUserId));
    await this.commands.execute(new LeaveTeamCommand(memberUserId, user.accountId));
    return { userId: memberUserId, revokedKeys };
  }
}
