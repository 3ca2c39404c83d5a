import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AccountStatusQuery, TeamRoleQuery } from '@lib/accounts';
import { Clock, DomainError } from '@lib/common';
import { ReadStore } from '@lib/readstore';
import { sameHash, sha256Hex } from '../tokens/secret-hash';
import { parseSessionToken } from '../tokens/session-token';
import { SESSIONS_COLLECTION, SessionDoc } from './sessions.projection';
import { USERS_COLLECTION, UserDoc } from '../shared/users.projection';

/** A signed-in dashboard user, resolved from the session cookie on every request. */
export interface DashboardPrincipal {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  accountId: string;
  role: 'owner' | 'admin' | 'member';
  csrfHash: string;
}

/**
 * Reads the session and its user from the read models on every request, with no cache, so a session
 * ended anywhere (sign-out, revocation, password reset) stops working at once in every process. A user
 * working in a team they joined is judged by the team's account stream, not the users read model: removed
 * from it, they act in it no more, even before their own stream records that they left (TeamLeft). An owner
 * of a closed account is signed out, even before their stream records the sessions ended (SessionEnded).
 */
@Injectable()
export class SessionAuthenticator {
  constructor(
    private readonly readStore: ReadStore,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  async authenticate(token: string | undefined): Promise<DashboardPrincipal> {
    const parsed = parseSessionToken(token);
    if (!parsed) throw new DomainError('NOT_SIGNED_IN');
    const session = await this.readStore.collection<SessionDoc>(SESSIONS_COLLECTION).get(parsed.sessionId);
    const matches = sameHash(parsed.secretHash, session?.secretHash ?? '0'.repeat(64));
    if (!session || !matches || session.endedAt !== null || session.expiresAt <= this.clock.nowIso())
      throw new DomainError('NOT_SIGNED_IN');
    const user = await this.readStore.collection<UserDoc>(USERS_COLLECTION).get(session.userId);
    if (!user) throw new DomainError('NOT_SIGNED_IN');
    // An owner works in their own account, which nobody can remove them from, but which can be closed: a
    // closure that died before ending the owner's sessions must not leave one working. Anyone else works in a
    // team they joined, judged by its account stream (a closed account has no members).
    if (user.role === 'owner') {
      const { status } = await this.queries.execute(new AccountStatusQuery(user.accountId));
      if (status === 'closed') throw new DomainError('NOT_SIGNED_IN');
    }
    const role =
      user.role === 'owner' ? 'owner' : await this.queries.execute(new TeamRoleQuery(user.accountId, user._id));
    if (!role) throw new DomainError('TEAM_ROLE_FORBIDDEN', 'You are no longer a member of this team.');
    return {
      userId: user._id,
      sessionId: session._id,
      email: user.email,
      name: user.name,
      accountId: user.accountId,
      role,
      csrfHash: session.csrfHash,
    };
  }

  /** The CSRF token must be the one issued with this session (compared as hashes, in constant time). */
  verifyCsrf(principal: DashboardPrincipal, presented: string | undefined): void {
    if (!presented || !sameHash(sha256Hex(presented), principal.csrfHash)) throw new DomainError('CSRF_REJECTED');
  }
}
