import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Principal, TeamRoleQuery } from '@lib/accounts';
import { DomainError, liveAccountOf } from '@lib/common';

/**
 * Registering, redirecting, pausing, deleting, testing a webhook and rotating its secret decide where
 * the team's job results go: owners and admins only (403, code 6010, for members). The caller is the
 * account's opening key (its owner), or a team member by their session or their own key, judged by
 * their role in the account now; a key issued by the operator to no member is a member's.
 * Runs after the API-key guard, which put the principal on the request.
 */
@Injectable()
export class WebhookManagerGuard implements CanActivate {
  constructor(private readonly queries: QueryBus) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const principal = context.switchToHttp().getRequest<{ principal: Principal }>().principal;
    if (principal.role === 'owner') return true;
    // Roles are the team's, kept on the live account (a test key's principal names its shadow).
    const role = principal.userId
      ? await this.queries.execute(new TeamRoleQuery(liveAccountOf(principal.accountId), principal.userId))
      : null;
    if (role === 'owner' || role === 'admin') return true;
    throw new DomainError('TEAM_ROLE_FORBIDDEN', 'Only team owners and admins manage webhooks.');
  }
}
