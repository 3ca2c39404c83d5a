import { Injectable } from '@nestjs/common';
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
 * ended anywhere (sign-out, revocation, password reset) stops working at once in every process.
 */
@Injectable()
export class SessionAuthenticator {
  constructor(
    private readonly readStore: ReadStore,
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
    return {
      userId: user._id,
      sessionId: session._id,
      email: user.email,
      name: user.name,
      accountId: user.accountId,
      role: user.role,
      csrfHash: session.csrfHash,
    };
  }

  /** The CSRF token must be the one issued with this session (compared as hashes, in constant time). */
  verifyCsrf(principal: DashboardPrincipal, presented: string | undefined): void {
    if (!presented || !sameHash(sha256Hex(presented), principal.csrfHash)) throw new DomainError('CSRF_REJECTED');
  }
}
