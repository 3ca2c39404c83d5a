import { randomBytes } from 'node:crypto';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AccountTeams } from '@lib/accounts';
import { Clock } from '@lib/common';
import { Invitation, InviteMemberCommand } from './invite-member.command';

/** An invitation is valid for 7 days. */
export const INVITE_LIFETIME_MS = 7 * 24 * 3_600_000;

@CommandHandler(InviteMemberCommand)
export class InviteMemberHandler implements ICommandHandler<InviteMemberCommand, Invitation> {
  constructor(
    private readonly teams: AccountTeams,
    private readonly clock: Clock,
  ) {}

  async execute(command: InviteMemberCommand): Promise<Invitation> {
    const inviteId = randomBytes(8).toString('hex');
    const expiresAt = new Date(this.clock.now() + INVITE_LIFETIME_MS).toISOString();
    await this.teams.run(command.accountId, {
      type: 'InviteMember',
      inviteId,
      email: command.email,
      role: command.role,
      tokenHash: command.tokenHash,
      expiresAt,
      invitedBy: command.invitedBy,
      at: this.clock.nowIso(),
    });
    return { inviteId, expiresAt };
  }
}
