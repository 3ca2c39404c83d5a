import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AccountTeams } from '@lib/accounts';
import { Clock } from '@lib/common';
import { RemovedMember, RemoveMemberCommand } from './remove-member.command';

@CommandHandler(RemoveMemberCommand)
export class RemoveMemberHandler implements ICommandHandler<RemoveMemberCommand, RemovedMember> {
  constructor(
    private readonly teams: AccountTeams,
    private readonly clock: Clock,
  ) {}

  async execute(command: RemoveMemberCommand): Promise<RemovedMember> {
    const removedAt = this.clock.nowIso();
    // Answers once authentication in every process refuses the keys the removal revoked.
    const events = await this.teams.run(command.accountId, {
      type: 'RemoveMember',
      userId: command.userId,
      ...(command.email ? { email: command.email } : {}),
      ...(command.removedBy !== undefined ? { removedBy: command.removedBy } : {}),
      at: removedAt,
    });
    const revokedKeys = events.filter((event) => event.type === 'ApiKeyRevoked').length;
    return { userId: command.userId, revokedKeys, removedAt };
  }
}
