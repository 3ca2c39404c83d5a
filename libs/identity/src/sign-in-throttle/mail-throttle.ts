import { sha256Hex } from '../tokens/secret-hash';
import { SignInAttempts } from './sign-in-attempts.port';
import { WindowThrottle } from './window-throttle';

export interface MailLimits {
  /** Anonymous requests that mail someone or hash a password, per client address. */
  perClient: number;
  /** Mails sent to one address (sign-up, reset, new confirmation link, invitation), or reset confirmations of one user. */
  perRecipient: number;
  /** Invitations one team sends. */
  invitesPerAccount: number;
  windowMs: number;
}

/**
 * Throttles what costs the service or a third party something on request: a mail to any address an
 * anonymous caller types (sign-up, password reset, a new confirmation link), the memory-hard password hash
 * (sign-up, reset confirmation), and invitations (a mail with a name of the sender's choosing). Counted
 * per client address, per recipient (the typed address, known or not, so throttling reveals nothing) and
 * per team, in the SignInAttempts store every process shares; keys are SHA-256 hashes. Every request
 * counts, refused answers 429 (code 6014) with Retry-After.
 */
export class MailThrottle {
  private readonly windows: WindowThrottle;

  constructor(
    attempts: SignInAttempts,
    private readonly limits: MailLimits,
    now: () => number,
  ) {
    this.windows = new WindowThrottle(attempts, limits.windowMs, now);
  }

  /** An anonymous request from `client` about `recipient` (the address typed, or the user a link names). */
  async anonymous(client: string, recipient: string): Promise<void> {
    await this.windows.takeAll(
      [
        { key: `anonymous:client:${sha256Hex(client)}`, limit: this.limits.perClient },
        { key: `mail:to:${sha256Hex(recipient)}`, limit: this.limits.perRecipient },
      ],
      'DASHBOARD_THROTTLED',
    );
  }

  /** A team inviting `recipient`. */
  async invitation(accountId: string, recipient: string): Promise<void> {
    await this.windows.takeAll(
      [
        { key: `invite:account:${sha256Hex(accountId)}`, limit: this.limits.invitesPerAccount },
        { key: `mail:to:${sha256Hex(recipient)}`, limit: this.limits.perRecipient },
      ],
      'DASHBOARD_THROTTLED',
    );
  }
}
