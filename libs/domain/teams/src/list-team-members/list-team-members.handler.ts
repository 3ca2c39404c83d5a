import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ReadStore } from '@lib/readstore';
import { ListTeamMembersQuery, TeamMember } from './list-team-members.query';
import { TEAM_MEMBERS_COLLECTION, TeamMemberDoc } from './team-members.projection';

@QueryHandler(ListTeamMembersQuery)
export class ListTeamMembersHandler implements IQueryHandler<ListTeamMembersQuery, TeamMember[]> {
  constructor(private readonly readStore: ReadStore) {}

  async execute(query: ListTeamMembersQuery): Promise<TeamMember[]> {
    const docs = await this.readStore
      .collection<TeamMemberDoc>(TEAM_MEMBERS_COLLECTION)
      .find({ filter: { accountId: query.accountId }, sort: { joinedAt: 1 } });
    return docs.map((doc) => ({ userId: doc.userId, role: doc.role, joinedAt: doc.joinedAt }));
  }
}
