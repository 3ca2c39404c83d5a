import { Command } from '@nestjs/cqrs';

export interface RemovedMember {
  userId: string;
  /** How many of the member's keys were revoked with them. */
  revokedKeys: number;
}

/**
 * Removes a member from the account's team and revokes every key they made in the same append. The
 * answer comes once authentication in every process refuses those keys (the projected keys caught up).
 */
export class RemoveMemberCommand extends Command<RemovedMember> {
  constructor(
    readonly accountId: string,
    readonly userId: string,
  ) {
    super();
  }
}
