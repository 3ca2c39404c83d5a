import { Command } from '@nestjs/cqrs';

export interface RevokedInvite {
  inviteId: string;
  revokedAt: string;
}

/** An owner or admin (`revokedBy`) withdraws a pending invitation: its mailed link stops working at once. */
export class RevokeInviteCommand extends Command<RevokedInvite> {
  constructor(
    readonly accountId: string,
    readonly inviteId: string,
    readonly revokedBy: string,
  ) {
    super();
  }
}
