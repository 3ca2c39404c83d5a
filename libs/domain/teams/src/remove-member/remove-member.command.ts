import { Command } from '@nestjs/cqrs';

export interface RemovedMember {
  userId: string;
  /** How many of the member's keys were revoked with them. */
  revokedKeys: number;
  /** When the removal was recorded (LeaveTeam ignores it once the user joined again). */
  removedAt: string;
}

/**
 * Removes a member from the account's team and, in the same append, revokes every key they made and
 * withdraws the pending invitations they sent or that are addressed to them (`email`: their current
 * address, when known). The answer comes once authentication in every process refuses those keys.
 * `removedBy`: the dashboard user who asks, who must be an owner or admin on the account stream now.
 */
export class RemoveMemberCommand extends Command<RemovedMember> {
  constructor(
    readonly accountId: string,
    readonly userId: string,
    readonly email?: string,
    readonly removedBy?: string,
  ) {
    super();
  }
}
