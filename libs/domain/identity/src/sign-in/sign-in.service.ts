import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AccountStatusQuery } from '@lib/accounts';
import { Clock, DomainError, newNumericId } from '@lib/common';
import { PasswordHasher } from '../passwords/password-hasher';
import { newSession } from '../tokens/session-token';
import { SignInThrottle } from '../sign-in-throttle/sign-in-throttle';
import { normalizeEmail, UserStreams } from '../shared/user-streams';
import { IDENTITY_CONFIG, IdentityConfig } from '../identity.config';

export interface SignInContext {
  address: string;
  userAgent: string;
}

export interface StartedSession {
  userId: string;
  sessionId: string;
  /** Goes in the HttpOnly session cookie; never shown to scripts. */
  token: string;
  /** Sent back in X-CSRF-Token on every state-changing request. */
  csrfToken: string;
  expiresAt: string;
}

/**
 * Sign-in: throttled per account and per client address (a client the account signed in from before is
 * counted apart, so guesses elsewhere do not lock the owner out there); an unknown address, a wrong
 * password and a throttled attempt answer alike for known and unknown accounts, and an unknown address
 * does the same work (a user stream read, one argon2 verification) so timing reveals nothing either.
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly users: UserStreams,
    private readonly hasher: PasswordHasher,
    private readonly throttle: SignInThrottle,
    private readonly clock: Clock,
    private readonly queries: QueryBus,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async signIn(rawEmail: string, password: string, context: SignInContext): Promise<StartedSession> {
    const email = normalizeEmail(rawEmail);
    const userId = await this.users.userIdOf(email);
    // A user stream is read whether or not the address has one (an unused id's, empty, when it has none).
    const user = await this.users.load(userId ?? String(newNumericId()));
    const registered = userId && user.status === 'registered' ? user : null;
    const attempt = await this.throttle.admit(email, context.address, registered?.knownClients);
    const passwordHash = registered?.passwordHash ?? null;
    if (!(await this.hasher.verify(passwordHash, password)) || !registered) {
      throw new DomainError('INVALID_CREDENTIALS'); // the attempt stays counted
    }
    await attempt.succeeded();
    // Told only to whoever knows the password: the account they work in was closed (a member of a closed
    // team is back in their own account already).
    const account = await this.queries.execute(new AccountStatusQuery(registered.accountId));
    if (account.status === 'closed') throw new DomainError('ACCOUNT_CLOSED');
    return this.startSession(registered.userId, context);
  }

  /**
   * The session a confirmation link opens: called only by the request that has just confirmed the
   * address with its single-use link (POST /dashboard/v1/confirm-email), which proves the mailbox as
   * a password would. A used or expired link confirms nothing, so it opens nothing.
   */
  async startSession(userId: string, context: SignInContext): Promise<StartedSession> {
    const session = newSession();
    const expiresAt = new Date(this.clock.now() + this.config.sessionTtlHours * 3_600_000).toISOString();
    await this.users.run(userId, {
      type: 'StartSession',
      maxSessions: this.config.maxSessionsPerUser,
      sessionId: session.sessionId,
      secretHash: session.secretHash,
      csrfHash: session.csrfHash,
      userAgent: context.userAgent.slice(0, 200),
      address: context.address,
      expiresAt,
      at: this.clock.nowIso(),
    });
    return { userId, sessionId: session.sessionId, token: session.token, csrfToken: session.csrfToken, expiresAt };
  }
}
