import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { UserStreams } from '../shared/user-streams';
import { JoinTeamCommand, LeaveTeamCommand } from './switch-team.commands';

@CommandHandler(JoinTeamCommand)
export class JoinTeamHandler implements ICommandHandler<JoinTeamCommand, void> {
  constructor(
    private readonly users: UserStreams,
    private readonly clock: Clock,
  ) {}

  async execute(command: JoinTeamCommand): Promise<void> {
    await this.users.run(command.userId, {
      type: 'JoinTeam',
      accountId: command.accountId,
      role: command.role,
      at: this.clock.nowIso(),
    });
  }
}

@CommandHandler(LeaveTeamCommand)
export class LeaveTeamHandler implements ICommandHandler<LeaveTeamCommand, void> {
  constructor(
    private readonly users: UserStreams,
    private readonly clock: Clock,
  ) {}

  async execute(command: LeaveTeamCommand): Promise<void> {
    await this.users.run(command.userId, {
      type: 'LeaveTeam',
      accountId: command.accountId,
      ...(command.removedAt ? { removedAt: command.removedAt } : {}),
      at: this.clock.nowIso(),
    });
  }
}
