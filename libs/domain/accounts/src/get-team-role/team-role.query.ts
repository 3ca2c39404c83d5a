import { Query } from '@nestjs/cqrs';
import type { TeamMemberRole } from '../domain/account.decider';

/**
 * The team role a user holds in an account now, or null when they are not (or no longer) a member:
 * read from the account's stream, not a read model, so a member removed or promoted a moment ago is
 * already judged by their new role.
 */
export class TeamRoleQuery extends Query<TeamMemberRole | null> {
  constructor(
    readonly accountId: string,
    readonly userId: string,
  ) {
    super();
  }
}
