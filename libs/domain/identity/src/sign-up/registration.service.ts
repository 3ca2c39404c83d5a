import { Inject, Injectable } from '@nestjs/common';
import { Clock, DomainError, newNumericId } from '@lib/common';
import { Mailer } from '@lib/mail';
import { PasswordHasher } from '../passwords/password-hasher';
import { MailThrottle } from '../sign-in-throttle/mail-throttle';
import { AfterAnswer } from '../shared/after-answer';
import { newLinkToken, parseLinkToken } from '../tokens/link-token';
import { isoAfter, LINK_LIFETIME_MS } from '../shared/expiry';
import { identityMails } from '../shared/identity-mails';
import { normalizeEmail, UserStreams } from '../shared/user-streams';
import { IDENTITY_CONFIG, IdentityConfig } from '../identity.config';

export interface SignUpRequest {
  email: string;
  password: string;
  name: string;
  company: string;
}

const ABANDONED_AFTER_MS = 5 * 60_000;

/** A user and the team account they signed up with (opened with its trial credits once confirmed: AccountOpening of @lib/teams). */
export interface RegisteredAccount {
  userId: string;
  accountId: string;
  name: string;
}

/**
 * Sign-up and email confirmation. Sign-up and a new confirmation link answer the same, in the same time,
 * whether or not the address has an account (the owner of a taken address gets a mail instead): past the
 * throttle, their work runs after the answer (AfterAnswer), so neither the answer nor its timing reveals
 * who has an account, or whether it is confirmed.
 */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly users: UserStreams,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    private readonly throttle: MailThrottle,
    private readonly afterAnswer: AfterAnswer,
    private readonly clock: Clock,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Throttled per client address and per address typed; registers (or tells the address's owner) after the answer. */
  async signUp(request: SignUpRequest, client: string): Promise<void> {
    const email = normalizeEmail(request.email);
    await this.throttle.anonymous(client, email);
    this.afterAnswer.start('sign-up', () => this.register(email, request));
  }

  /**
   * Records the new user and mails the confirmation link, or tells the owner of a taken address by mail.
   * The memory-hard hash runs only once the address is claimed for this sign-up.
   */
  private async register(email: string, request: SignUpRequest): Promise<void> {
    const now = this.clock.now();
    const userId = String(newNumericId(now));
    if (!(await this.claim(email, userId))) {
      await this.mailer.send(identityMails.alreadyRegistered(email, this.config.publicUrl));
      return;
    }
    const passwordHash = await this.hasher.hash(request.password);
    const accountId = String(newNumericId(now));
    const link = newLinkToken(userId);
    await this.users.run(userId, {
      type: 'RegisterUser',
      userId,
      email,
      name: request.name,
      company: request.company,
      accountId,
      passwordHash,
      confirmTokenHash: link.tokenHash,
      confirmExpiresAt: isoAfter(now, LINK_LIFETIME_MS.confirmEmail),
      at: this.clock.nowIso(),
    });
    await this.mailer.send(identityMails.confirm(email, this.config.publicUrl, link.token));
  }

  /** Confirms the address from the mailed link (once); the caller then opens the user's account (AccountOpening of @lib/teams). */
  async confirmEmail(token: unknown): Promise<RegisteredAccount> {
    const parsed = parseLinkToken(token);
    if (!parsed) throw new DomainError('INVALID_TOKEN');
    await this.users.run(parsed.userId, { type: 'ConfirmEmail', tokenHash: parsed.tokenHash, at: this.clock.nowIso() });
    return this.accountOf(parsed.userId);
  }

  /** Mails a fresh confirmation link to an unconfirmed address; silent for unknown or confirmed ones. */
  async resendConfirmation(rawEmail: string, client: string): Promise<void> {
    const email = normalizeEmail(rawEmail);
    await this.throttle.anonymous(client, email);
    this.afterAnswer.start('resend-confirmation', () => this.reissueConfirmation(email));
  }

  private async reissueConfirmation(email: string): Promise<void> {
    const userId = await this.users.userIdOf(email);
    if (!userId) return;
    const now = this.clock.now();
    const link = newLinkToken(userId);
    const events = await this.users.run(userId, {
      type: 'ReissueConfirmation',
      tokenHash: link.tokenHash,
      expiresAt: isoAfter(now, LINK_LIFETIME_MS.confirmEmail),
      at: this.clock.nowIso(),
    });
    if (events.length > 0) await this.mailer.send(identityMails.confirm(email, this.config.publicUrl, link.token));
  }

  private async accountOf(userId: string): Promise<RegisteredAccount> {
    const recorded = await this.users.registration(userId);
    if (!recorded) throw new DomainError('INVALID_TOKEN');
    return { userId, accountId: recorded.accountId, name: recorded.company || recorded.name };
  }

  /**
   * Claims the address for a new user. A claim whose user was never recorded (the process died between
   * the two appends) is taken over, so a crash cannot lock an address out forever.
   */
  private async claim(email: string, userId: string): Promise<boolean> {
    try {
      await this.users.runClaim({ type: 'ClaimEmail', email, userId, at: this.clock.nowIso() });
      return true;
    } catch (error) {
      if (!(error instanceof DomainError) || error.errorName !== 'EMAIL_TAKEN') throw error;
    }
    const holder = await this.users.claimOf(email);
    // A young claim may belong to a sign-up still between its two appends: only an old one is abandoned.
    if (holder.status !== 'claimed' || Date.parse(holder.claimedAt) > this.clock.now() - ABANDONED_AFTER_MS)
      return false;
    if ((await this.users.load(holder.userId)).status !== 'none') return false;
    try {
      await this.users.runClaim({
        type: 'ClaimEmail',
        email,
        userId,
        abandonedBy: holder.userId,
        at: this.clock.nowIso(),
      });
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.errorName === 'EMAIL_TAKEN') return false;
      throw error;
    }
  }
}
