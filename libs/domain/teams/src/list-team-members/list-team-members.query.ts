import { Query } from '@nestjs/cqrs';
import type { TeamMemberRole } from '@lib/accounts';

export interface TeamMember {
  userId: string;
  role: TeamMemberRole;
  joinedAt: string;
}

/** The members of an account's team (the owner included), the earliest joined first. */
export class ListTeamMembersQuery extends Query<TeamMember[]> {
  constructor(readonly accountId: string) {
    super();
  }
}
