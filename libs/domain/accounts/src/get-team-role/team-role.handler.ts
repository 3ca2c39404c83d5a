import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { TeamMemberRole } from '../domain/account.decider';
import { accountDecider, accountStream } from '../domain/account.decider';
import { aggregateStream, EventStore } from '@lib/eventstore';
import { TeamRoleQuery } from './team-role.query';

@QueryHandler(TeamRoleQuery)
export class TeamRoleHandler implements IQueryHandler<TeamRoleQuery, TeamMemberRole | null> {
  constructor(private readonly events: EventStore) {}

  async execute(query: TeamRoleQuery): Promise<TeamMemberRole | null> {
    const { state } = await aggregateStream(this.events, accountStream(query.accountId), accountDecider);
    return state.status === 'open' ? (state.members[query.userId] ?? null) : null;
  }
}
