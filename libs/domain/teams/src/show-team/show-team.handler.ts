import { IQueryHandler, QueryBus, QueryHandler } from '@nestjs/cqrs';
import { AccountStatusQuery } from '@lib/accounts';
import { FindUsersQuery } from '@lib/identity';
import { ListTeamMembersQuery } from '../list-team-members/list-team-members.query';
import { ShowTeamQuery, TeamView } from './show-team.query';

/** Puts the account's name, the team's members (its read model) and who they are (identity's users) together. */
@QueryHandler(ShowTeamQuery)
export class ShowTeamHandler implements IQueryHandler<ShowTeamQuery, TeamView> {
  constructor(private readonly queries: QueryBus) {}

  async execute({ viewer }: ShowTeamQuery): Promise<TeamView> {
    const { name } = await this.queries.execute(new AccountStatusQuery(viewer.accountId));
    const members = await this.queries.execute(new ListTeamMembersQuery(viewer.accountId));
    const people = await this.queries.execute(new FindUsersQuery(members.map((member) => member.userId)));
    const byId = new Map(people.map((p) => [p.userId, p]));
    return {
      accountId: viewer.accountId,
      name: name ?? '',
      role: viewer.role,
      members: members.map((member) => ({
        userId: member.userId,
        email: byId.get(member.userId)?.email ?? '',
        name: byId.get(member.userId)?.name ?? '',
        role: member.role,
        joinedAt: member.joinedAt,
      })),
    };
  }
}
