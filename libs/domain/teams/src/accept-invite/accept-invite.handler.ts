import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AccountTeams } from '@lib/accounts';
import { Clock, DomainError } from '@lib/common';
import { AcceptInviteCommand, JoinedTeam } from './accept-invite.command';

@CommandHandler(AcceptInviteCommand)
export class AcceptInviteHandler implements ICommandHandler<AcceptInviteCommand, JoinedTeam> {
  constructor(
    private readonly teams: AccountTeams,
    private readonly clock: Clock,
  ) {}

  async execute(command: AcceptInviteCommand): Promise<JoinedTeam> {
    const events = await this.teams.run(command.accountId, {
      type: 'AcceptInvite',
      tokenHash: command.tokenHash,
      userId: command.userId,
      email: command.email,
      at: this.clock.nowIso(),
    });
    const joined = events.find((event) => event.type === 'MemberJoined');
    // The decider either refuses or decides MemberJoined; anything else is a broken decider, not bad input.
    if (!joined) throw new DomainError('INTERNAL', 'Accepting an invite decided no MemberJoined.');
    return { accountId: command.accountId, role: joined.data.role };
  }
}
