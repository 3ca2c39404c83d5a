import { Command } from '@nestjs/cqrs';
import type { TeamRole } from '@lib/accounts';

export interface Invitation {
  inviteId: string;
  expiresAt: string;
}

/**
 * Invites an address into the account's team with a role. The caller mails the link; only the hash of
 * its token is recorded, so the stored invite cannot be replayed into a working link.
 */
export class InviteMemberCommand extends Command<Invitation> {
  constructor(
    readonly accountId: string,
    readonly email: string,
    readonly role: TeamRole,
    readonly tokenHash: string,
    readonly invitedBy: string,
  ) {
    super();
  }
}
