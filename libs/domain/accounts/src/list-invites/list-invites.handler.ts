import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Clock } from '@lib/common';
import { aggregateStream, EventStore } from '@lib/eventstore';
import { accountDecider, accountStream } from '../domain/account.decider';
import { isPending } from '../domain/account-team';
import { ListInvitesQuery, PendingInvite } from './list-invites.query';

/**
 * Read from the account stream, as the decider sees it, rather than from a read model: a withdrawn
 * invitation leaves the list the moment its revocation is recorded, and a team's stream is short.
 */
@QueryHandler(ListInvitesQuery)
export class ListInvitesHandler implements IQueryHandler<ListInvitesQuery, PendingInvite[]> {
  constructor(
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async execute(query: ListInvitesQuery): Promise<PendingInvite[]> {
    const { state } = await aggregateStream(this.events, accountStream(query.accountId), accountDecider);
    if (state.status !== 'open') return [];
    const now = this.clock.nowIso();
    return Object.entries(state.invites)
      .filter(([, invite]) => isPending(invite, now))
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
