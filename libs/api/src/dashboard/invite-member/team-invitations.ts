import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AcceptInviteCommand, InviteMemberCommand, TeamRole } from '@lib/accounts';
import { DomainError } from '@lib/common';
import { AppConfig } from '@lib/config';
import { DashboardPrincipal, JoinTeamCommand, newLinkToken, normalizeEmail, parseLinkToken } from '@lib/identity';
import { Mailer } from '@lib/mail';
import { APP_CONFIG } from '@lib/platform';
import { requireManager } from '../shared/team-roles';

/**
 * Invitations by mailed link (7 days) and joining. The account stream is the team's truth (members,
 * invites, keys: the team commands of @lib/accounts); the user stream says which account the user works in.
 */
@Injectable()
export class TeamInvitations {
  constructor(
    private readonly commands: CommandBus,
    private readonly mailer: Mailer,
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
    const { expiresAt } = await this.commands.execute(
      new InviteMemberCommand(user.accountId, email, role, link.tokenHash, user.userId),
    );
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
    const { role } = await this.commands.execute(
      new AcceptInviteCommand(accountId, parsed.tokenHash, user.userId, user.email),
    );
    await this.commands.execute(new JoinTeamCommand(user.userId, accountId, role));
    return { accountId, role };
  }
}
