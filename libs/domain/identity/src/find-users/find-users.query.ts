import { Query } from '@nestjs/cqrs';

/** A dashboard user as other parts of the dashboard show them. */
export interface UserSummary {
  userId: string;
  email: string;
  name: string;
  /** The account (team) whose balance the user's keys spend. */
  accountId: string;
}

/** The users with these ids (unknown ids are left out), in no particular order. */
export class FindUsersQuery extends Query<UserSummary[]> {
  constructor(readonly userIds: readonly string[]) {
    super();
  }
}

/** Which user each of these dashboard sessions belongs to (unknown ids are left out). */
export interface SessionOwner {
  sessionId: string;
  userId: string;
}

export class FindSessionOwnersQuery extends Query<SessionOwner[]> {
  constructor(readonly sessionIds: readonly string[]) {
    super();
  }
}
