import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { TeamRole } from '@lib/accounts';
import { DomainError } from '@lib/common';
import {
  type DashboardPrincipal,
  JoinTeamCommand,
  MailThrottle,
  newLinkToken,
  normalizeEmail,
  parseLinkToken,
} from '@lib/identity';
import { Mailer } from '@lib/mail';
import { AcceptInviteCommand } from '../accept-invite/accept-invite.command';
import { ListInvitesQuery, PendingInvite } from '../list-invites/list-invites.query';
import { RevokedInvite, RevokeInviteCommand } from '../revoke-invite/revoke-invite.command';
import { requireManager } from '../shared/team-roles';
import { TEAMS_CONFIG, TeamsConfig } from '../teams.config';
import { InviteMemberCommand } from './invite-member.command';
import { invitationMail } from './invitation-mail';

/**
 * Invitations by mailed link (7 days), listed and withdrawn by owners and admins, and joining. The account stream is the team's truth (members,
 * invites, keys: the team commands this lib runs on it); the user stream says which account the user works in.
 */
@Injectable()
export class TeamInvitationsService {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly mailer: Mailer,
    private readonly throttle: MailThrottle,
    @Inject(TEAMS_CONFIG) private readonly config: TeamsConfig,
  ) {}

  async invite(
    user: DashboardPrincipal,
    rawEmail: string,
    role: TeamRole,
  ): Promise<{ email: string; role: TeamRole; expiresAt: string }> {
    requireManager(user);
    const email = normalizeEmail(rawEmail);
    await this.throttle.invitation(user.accountId, email);
    const link = newLinkToken(user.accountId);
    const { expiresAt } = await this.commands.execute(
      new InviteMemberCommand(user.accountId, email, role, link.tokenHash, user.userId),
    );
    await this.mailer.send(invitationMail(email, user, role, this.config.publicUrl, link.token));
    return { email, role, expiresAt };
  }

  /** The team's pending invitations (owners and admins). */
  async list(user: DashboardPrincipal): Promise<PendingInvite[]> {
    requireManager(user);
    return this.queries.execute(new ListInvitesQuery(user.accountId));
  }

  /** Withdraws a pending invitation (owners and admins): its link answers INVALID_TOKEN from now on. */
  async revoke(user: DashboardPrincipal, inviteId: string): Promise<RevokedInvite> {
    requireManager(user);
    if (!/^[0-9a-f]{16}$/.test(inviteId)) throw new DomainError('INVITE_NOT_FOUND');
    return this.commands.execute(new RevokeInviteCommand(user.accountId, inviteId, user.userId));
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
