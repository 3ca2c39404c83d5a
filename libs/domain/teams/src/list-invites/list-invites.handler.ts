import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AccountTeams, isPendingInvite } from '@lib/accounts';
import { Clock } from '@lib/common';
import { ListInvitesQuery, PendingInvite } from './list-invites.query';

/**
 * Read from the account stream, as the decider sees it, rather than from a read model: a withdrawn
 * invitation leaves the list the moment its revocation is recorded, and a team's stream is short.
 */
@QueryHandler(ListInvitesQuery)
export class ListInvitesHandler implements IQueryHandler<ListInvitesQuery, PendingInvite[]> {
  constructor(
    private readonly teams: AccountTeams,
    private readonly clock: Clock,
  ) {}

  async execute(query: ListInvitesQuery): Promise<PendingInvite[]> {
    const team = await this.teams.team(query.accountId);
    if (!team) return [];
    const now = this.clock.nowIso();
    return Object.entries(team.invites)
      .filter(([, invite]) => isPendingInvite(invite, now))
      .map(([inviteId, { email, role, invitedBy, invitedAt, expiresAt }]) => ({
        inviteId,
        email,
        role,
        invitedBy,
        invitedAt,
        expiresAt,
      }))
      .sort((a, b) => a.invitedAt.localeCompare(b.invitedAt));
  }
}
