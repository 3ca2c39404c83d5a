import { Query } from '@nestjs/cqrs';
import type { TeamMemberRole } from '@lib/accounts';
import type { DashboardPrincipal } from '@lib/identity';

export interface TeamMemberView {
  userId: string;
  email: string;
  name: string;
  role: TeamMemberRole;
  joinedAt: string;
}

/** The team as its members see it: its account and name, the viewer's role, the members. */
export interface TeamView {
  accountId: string;
  /** The team's name ('' once none is known), typed to confirm closing the account. */
  name: string;
  role: DashboardPrincipal['role'];
  members: TeamMemberView[];
}

/** The signed-in user's team, with its members in the order they joined, each with their name and address. */
export class ShowTeamQuery extends Query<TeamView> {
  constructor(readonly viewer: Pick<DashboardPrincipal, 'accountId' | 'role'>) {
    super();
  }
}
