import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ListTeamMembersQuery } from '@lib/accounts';
import { DashboardPrincipal, FindUsersQuery } from '@lib/identity';

export interface TeamMemberView {
  userId: string;
  email: string;
  name: string;
  role: 'owner' | 'admin' | 'member';
  joinedAt: string;
}

/** The members of the signed-in user's team, in the order they joined, with their name and address. */
@Injectable()
export class TeamMembers {
  constructor(private readonly queries: QueryBus) {}

  async of(user: DashboardPrincipal): Promise<TeamMemberView[]> {
    const members = await this.queries.execute(new ListTeamMembersQuery(user.accountId));
    const people = await this.queries.execute(new FindUsersQuery(members.map((member) => member.userId)));
    const byId = new Map(people.map((p) => [p.userId, p]));
    return members.map((member) => ({
      userId: member.userId,
      email: byId.get(member.userId)?.email ?? '',
      name: byId.get(member.userId)?.name ?? '',
      role: member.role,
      joinedAt: member.joinedAt,
    }));
  }
}
