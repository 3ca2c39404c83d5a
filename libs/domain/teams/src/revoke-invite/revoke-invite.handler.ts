import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AccountTeams } from '@lib/accounts';
import { Clock } from '@lib/common';
import { RevokedInvite, RevokeInviteCommand } from './revoke-invite.command';

@CommandHandler(RevokeInviteCommand)
export class RevokeInviteHandler implements ICommandHandler<RevokeInviteCommand, RevokedInvite> {
  constructor(
    private readonly teams: AccountTeams,
    private readonly clock: Clock,
  ) {}

  async execute(command: RevokeInviteCommand): Promise<RevokedInvite> {
    const revokedAt = this.clock.nowIso();
    await this.teams.run(command.accountId, {
      type: 'RevokeInvite',
      inviteId: command.inviteId,
      revokedBy: command.revokedBy,
      at: revokedAt,
    });
    return { inviteId: command.inviteId, revokedAt };
  }
}
