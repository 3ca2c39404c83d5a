import { clientGroup } from '@lib/net';
import { sha256Hex } from '../tokens/secret-hash';
import { SignInAttempts } from './sign-in-attempts';
import { CountedKey, WindowThrottle } from './window-throttle';

export interface MailLimits {
  /** Anonymous requests that mail someone or hash a password, per client address. */
  perClient: number;
  /** Mails sent to one address (sign-up, reset, new confirmation link, invitation), or reset confirmations of one user. */
  perRecipient: number;
  /** Invitations one team sends. */
  invitesPerAccount: number;
  windowMs: number;
  /** An IPv6 client counts by this prefix of its address (THROTTLE_IPV6_PREFIX_LENGTH). */
  ipv6PrefixLength: number;
}

/**
 * Throttles what costs the service or a third party something on request: a mail to any address an
 * anonymous caller types (sign-up, password reset, a new confirmation link), the memory-hard password hash
 * (sign-up, reset confirmation, a signed-in change of password or address), and invitations (a mail with a
 * name of the sender's choosing). Counted per client address (an IPv6 one by its prefix), per recipient
 * (the typed address, known or not, so throttling reveals nothing), per signed-in user and per team, in the
 * SignInAttempts store every process shares; keys are SHA-256 hashes. Every request counts, refused
 * answers 429 (code 6014) with Retry-After.
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
    await this.windows.takeAll([this.fromClient(client), this.mailTo(recipient)], 'DASHBOARD_THROTTLED');
  }

  /**
   * A signed-in user asking for what hashes a password and mails `recipient` (a change of password or of
   * address): a stolen session gets no more of them than a user's mailbox does mails.
   */
  async signedIn(userId: string, client: string, recipient: string): Promise<void> {
    await this.windows.takeAll(
      [
        { key: `signed-in:user:${sha256Hex(userId)}`, limit: this.limits.perRecipient },
        this.fromClient(client),
        this.mailTo(recipient),
      ],
      'DASHBOARD_THROTTLED',
    );
  }

  /** A team inviting `recipient`. */
  async invitation(accountId: string, recipient: string): Promise<void> {
    await this.windows.takeAll(
      [{ key: `invite:account:${sha256Hex(accountId)}`, limit: this.limits.invitesPerAccount }, this.mailTo(recipient)],
      'DASHBOARD_THROTTLED',
    );
  }

  private fromClient(client: string): CountedKey {
    const group = clientGroup(client, this.limits.ipv6PrefixLength);
    return { key: `anonymous:client:${sha256Hex(group)}`, limit: this.limits.perClient };
  }

  private mailTo(recipient: string): CountedKey {
    return { key: `mail:to:${sha256Hex(recipient)}`, limit: this.limits.perRecipient };
  }
}
