import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { EventStore, runCommand } from '@lib/eventstore';
import { accountDecider, accountStream } from '../domain/account.decider';
import { RevokedInvite, RevokeInviteCommand } from './revoke-invite.command';

@CommandHandler(RevokeInviteCommand)
export class RevokeInviteHandler implements ICommandHandler<RevokeInviteCommand, RevokedInvite> {
  constructor(
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute(command: RevokeInviteCommand): Promise<RevokedInvite> {
    const revokedAt = this.clock.nowIso();
    await runCommand(this.events, accountStream(command.accountId), accountDecider, {
      type: 'RevokeInvite',
      inviteId: command.inviteId,
      revokedBy: command.revokedBy,
      at: revokedAt,
    });
    return { inviteId: command.inviteId, revokedAt };
  }
}
