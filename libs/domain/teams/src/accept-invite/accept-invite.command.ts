import { Command } from '@nestjs/cqrs';
import type { TeamRole } from '@lib/accounts';

export interface JoinedTeam {
  accountId: string;
  role: TeamRole;
}

/**
 * The signed-in user joins the team the invite is for. `email` is the user's own address, which must
 * be the invited one: a forwarded link lets nobody else in (INVALID_TOKEN, like every other failure).
 */
export class AcceptInviteCommand extends Command<JoinedTeam> {
  constructor(
    readonly accountId: string,
    readonly tokenHash: string,
    readonly userId: string,
    readonly email: string,
  ) {
    super();
  }
}
