import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { accountDecider, accountStream, AccountCommand, TeamRole } from '@lib/accounts';
import { Clock, DomainError } from '@lib/common';
import { AppConfig } from '@lib/config';
import { EventStore, runCommand } from '@lib/eventstore';
import { DashboardPrincipal, newLinkToken, normalizeEmail, parseLinkToken, UserStreams } from '@lib/identity';
import { Mailer } from '@lib/mail';
import { APP_CONFIG } from '@lib/platform';
import { requireManager } from '../shared/team-roles';

const INVITE_LIFETIME_MS = 7 * 24 * 3_600_000;

/**
 * Invitations by mailed link (7 days) and joining. The account stream is the team's truth (members,
 * invites, keys); the user stream says which account the user works in.
 */
@Injectable()
export class TeamInvitations {
  constructor(
    private readonly events: EventStore,
    private readonly users: UserStreams,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async invite(
    user: DashboardPrincipal,
    rawEmail: string,
    role: TeamRole,
  ): Promise<{ email: string; role: TeamRole; expiresAt: string }> {
    requireManager(user);
    const email = normalizeEmail(rawEmail);
    const link = newLinkToken(user.accountId);
    const expiresAt = new Date(this.clock.now() + INVITE_LIFETIME_MS).toISOString();
    await this.run(user.accountId, {
      type: 'InviteMember',
      inviteId: randomBytes(8).toString('hex'),
      email,
      role,
      tokenHash: link.tokenHash,
      expiresAt,
      invitedBy: user.userId,
      at: this.clock.nowIso(),
    });
    await this.mailer.send({
      to: email,
      subject: `${user.name} invited you to their team`,
      text: `${user.name} (${user.email}) invited you to join their team as ${role}.\n\nSign up or sign in with this address, then open:\n\n${this.config.dashboard.publicUrl}/accept-invite?token=${link.token}\n\nThe invitation is valid for 7 days.\n`,
    });
    return { email, role, expiresAt };
  }

  /** The signed-in user joins the team the link is for; the address must be the invited one. */
  async accept(user: DashboardPrincipal, token: string): Promise<{ accountId: string; role: TeamRole }> {
    const parsed = parseLinkToken(token);
    if (!parsed) throw new DomainError('INVALID_TOKEN');
    const accountId = parsed.userId;
    const joined = await this.run(accountId, {
      type: 'AcceptInvite',
      tokenHash: parsed.tokenHash,
      userId: user.userId,
      email: user.email,
      at: this.clock.nowIso(),
    });
    const role = (joined.events[0].data as { role: TeamRole }).role;
    await this.users.run(user.userId, { type: 'JoinTeam', accountId, role, at: this.clock.nowIso() });
    return { accountId, role };
  }

  private run(accountId: string, command: AccountCommand) {
    return runCommand(this.events, accountStream(accountId), accountDecider, command);
  }
}
