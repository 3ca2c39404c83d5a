import { Inject, Injectable } from '@nestjs/common';
import { Clock, DomainError } from '@lib/common';
import { Mailer } from '@lib/mail';
import { MailThrottle } from '../sign-in-throttle/mail-throttle';
import { CurrentPassword } from '../sign-in-throttle/current-password';
import { newLinkToken, parseLinkToken } from '../tokens/link-token';
import { sameHash } from '../tokens/secret-hash';
import { isoAfter, LINK_LIFETIME_MS } from '../shared/expiry';
import { identityMails } from '../shared/identity-mails';
import { normalizeEmail, UserStreams } from '../shared/user-streams';
import { IDENTITY_CONFIG, IdentityConfig } from '../identity.config';

/**
 * Changing the sign-in address: the current password authorizes the request, a link mailed to the new
 * address confirms it (and the old address is told). The new address is claimed only on confirmation,
 * so an unconfirmed request cannot squat on somebody else's address.
 */
@Injectable()
export class EmailChangeService {
  constructor(
    private readonly users: UserStreams,
    private readonly throttle: MailThrottle,
    private readonly currentPassword: CurrentPassword,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * Throttled as the mail it sends and the hash it runs are (per user, client and the new address); the
   * password is counted as a sign-in attempt.
   */
  async request(userId: string, password: string, rawNewEmail: string, client: string): Promise<void> {
    const user = await this.users.load(userId);
    if (user.status !== 'registered') throw new DomainError('CURRENT_PASSWORD_WRONG');
    const newEmail = normalizeEmail(rawNewEmail);
    await this.throttle.signedIn(userId, client, newEmail);
    await this.currentPassword.verify(user, password, client);
    const link = newLinkToken(userId);
    await this.users.run(userId, {
      type: 'RequestEmailChange',
      newEmail,
      tokenHash: link.tokenHash,
      expiresAt: isoAfter(this.clock.now(), LINK_LIFETIME_MS.changeEmail),
      at: this.clock.nowIso(),
    });
    await this.mailer.send(identityMails.confirmNewEmail(newEmail, this.config.publicUrl, link.token));
    await this.mailer.send(identityMails.emailChangeRequested(user.email, newEmail));
  }

  /** Moves the user to the new address; 409 (code 6007) when someone took it meanwhile. */
  async confirm(token: unknown): Promise<void> {
    const parsed = parseLinkToken(token);
    if (!parsed) throw new DomainError('INVALID_TOKEN');
    const user = await this.users.load(parsed.userId);
    // Checked before claiming, so only the link's holder learns whether the address was taken meanwhile.
    if (user.status !== 'registered' || !user.emailChange || !sameHash(user.emailChange.tokenHash, parsed.tokenHash))
      throw new DomainError('INVALID_TOKEN');
    const { newEmail } = user.emailChange;
    await this.users.runClaim({ type: 'ClaimEmail', email: newEmail, userId: parsed.userId, at: this.clock.nowIso() });
    try {
      await this.users.run(parsed.userId, {
        type: 'ConfirmEmailChange',
        tokenHash: parsed.tokenHash,
        at: this.clock.nowIso(),
      });
    } catch (error) {
      await this.users.runClaim({
        type: 'ReleaseEmail',
        email: newEmail,
        userId: parsed.userId,
        at: this.clock.nowIso(),
      });
      throw error;
    }
    await this.users.runClaim({
      type: 'ReleaseEmail',
      email: user.email,
      userId: parsed.userId,
      at: this.clock.nowIso(),
    });
  }
}
