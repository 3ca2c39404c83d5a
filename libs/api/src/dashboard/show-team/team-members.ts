import { Injectable } from '@nestjs/common';
import { TEAM_MEMBERS_COLLECTION, TeamMemberDoc } from '@lib/accounts';
import { DashboardPrincipal, UserDoc, USERS_COLLECTION } from '@lib/identity';
import { ReadStore } from '@lib/readstore';

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
  constructor(private readonly readStore: ReadStore) {}

  async of(user: DashboardPrincipal): Promise<TeamMemberView[]> {
    const docs = await this.readStore
      .collection<TeamMemberDoc>(TEAM_MEMBERS_COLLECTION)
      .find({ filter: { accountId: user.accountId }, sort: { joinedAt: 1 } });
    const people =
      docs.length === 0
        ? []
        : await this.readStore
            .collection<UserDoc>(USERS_COLLECTION)
            .find({ filter: { _id: { $in: docs.map((d) => d.userId) } } });
    const byId = new Map(people.map((p) => [p._id, p]));
    return docs.map((doc) => ({
      userId: doc.userId,
      email: byId.get(doc.userId)?.email ?? '',
      name: byId.get(doc.userId)?.name ?? '',
      role: doc.role,
      joinedAt: doc.joinedAt,
    }));
  }
}
