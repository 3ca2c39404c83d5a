import { Command } from '@nestjs/cqrs';

/**
 * The user now works in another account's team, with the role the invitation gave (the account side,
 * AcceptInviteCommand of @lib/accounts, comes first). Answers once the user's dashboard view shows it.
 */
export class JoinTeamCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly role: 'admin' | 'member',
  ) {
    super();
  }
}

/**
 * The user was removed from that account's team: their sessions fall back to their own account on
 * the next request (the account side, RemoveMemberCommand of @lib/accounts, comes first). `removedAt`:
 * the removal's time, so a late LeaveTeam does not undo a joining that came after it.
 */
export class LeaveTeamCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly removedAt?: string,
  ) {
    super();
  }
}
