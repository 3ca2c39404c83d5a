import { Inject, Injectable } from '@nestjs/common';
import { Clock, DomainError } from '@lib/common';
import { Mailer } from '@lib/mail';
import { PasswordHasher } from '../passwords/password-hasher';
import { MailThrottle } from '../sign-in-throttle/mail-throttle';
import { CurrentPassword } from '../sign-in-throttle/current-password';
import { AfterAnswer } from '../shared/after-answer';
import { newLinkToken, parseLinkToken } from '../tokens/link-token';
import { isoAfter, LINK_LIFETIME_MS } from '../shared/expiry';
import { linkWorks } from '../domain/user.decider';
import { identityMails } from '../shared/identity-mails';
import { normalizeEmail, UserStreams } from '../shared/user-streams';
import { IDENTITY_CONFIG, IdentityConfig } from '../identity.config';

/**
 * Password reset by a mailed single-use link, and change by a signed-in user. Both end the other
 * sessions, void any reset link, cancel a pending change of address, and tell the owner by mail.
 */
@Injectable()
export class PasswordService {
  constructor(
    private readonly users: UserStreams,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    private readonly throttle: MailThrottle,
    private readonly currentPassword: CurrentPassword,
    private readonly afterAnswer: AfterAnswer,
    private readonly clock: Clock,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Mails a reset link when the address has an account; answers the same either way. A new link voids the previous one. */
  async requestReset(rawEmail: string, client: string): Promise<void> {
    const email = normalizeEmail(rawEmail);
    await this.throttle.anonymous(client, email);
    // After the answer (AfterAnswer): whether the address has an account must not show in its timing.
    this.afterAnswer.start('password-reset request', () => this.mailResetLink(email));
  }

  private async mailResetLink(email: string): Promise<void> {
    const userId = await this.users.userIdOf(email);
    if (!userId || (await this.users.load(userId)).status !== 'registered') return;
    const link = newLinkToken(userId);
    await this.users.run(userId, {
      type: 'RequestPasswordReset',
      tokenHash: link.tokenHash,
      expiresAt: isoAfter(this.clock.now(), LINK_LIFETIME_MS.resetPassword),
      at: this.clock.nowIso(),
    });
    await this.mailer.send(identityMails.reset(email, this.config.publicUrl, link.token));
  }

  /** Sets a new password from a reset link (once, within the hour) and signs every session out. */
  async reset(token: unknown, password: string, client: string): Promise<void> {
    const parsed = parseLinkToken(token);
    if (!parsed) throw new DomainError('INVALID_TOKEN');
    await this.throttle.anonymous(client, `reset-of-user:${parsed.userId}`);
    const user = await this.users.load(parsed.userId);
    // The memory-hard hash runs only for a link that works (the decider checks it again at the append).
    if (user.status !== 'registered' || !linkWorks(user.reset, parsed.tokenHash, this.clock.nowIso()))
      throw new DomainError('INVALID_TOKEN');
    const passwordHash = await this.hasher.hash(password);
    const decided = await this.users.run(parsed.userId, {
      type: 'ResetPassword',
      tokenHash: parsed.tokenHash,
      passwordHash,
      at: this.clock.nowIso(),
    });
    await this.mailer.send(identityMails.passwordChanged(user.email, this.config.publicUrl, decided));
  }

  /**
   * Changes the password after checking the current one (counted as a sign-in attempt); every session but this
   * one ends. Throttled as the mail it sends and the hashes it runs are (per user, client and recipient).
   */
  async change(userId: string, sessionId: string, current: string, next: string, client: string): Promise<void> {
    const user = await this.users.load(userId);
    if (user.status !== 'registered') throw new DomainError('CURRENT_PASSWORD_WRONG');
    await this.throttle.signedIn(userId, client, user.email);
    await this.currentPassword.verify(user, current, client);
    const decided = await this.users.run(userId, {
      type: 'ChangePassword',
      passwordHash: await this.hasher.hash(next),
      keepSessionId: sessionId,
      at: this.clock.nowIso(),
    });
    await this.mailer.send(identityMails.passwordChanged(user.email, this.config.publicUrl, decided));
  }
}
