import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  accountDecider,
  accountStream,
  AccountCommand,
  API_KEYS_COLLECTION,
  TEAM_MEMBERS_COLLECTION,
  TeamMemberDoc,
  TeamRole,
} from '@lib/accounts';
import { Clock, DomainError } from '@lib/common';
import { AppConfig } from '@lib/config';
import { appendedPositions, EventStore, runCommand } from '@lib/eventstore';
import {
  DashboardPrincipal,
  newLinkToken,
  normalizeEmail,
  parseLinkToken,
  UserDoc,
  USERS_COLLECTION,
  UserStreams,
} from '@lib/identity';
import { Mailer } from '@lib/mail';
import { APP_CONFIG, ReadModelFreshness } from '@lib/platform';
import { ReadStore } from '@lib/readstore';

const INVITE_LIFETIME_MS = 7 * 24 * 3_600_000;

export interface TeamMemberView {
  userId: string;
  email: string;
  name: string;
  role: 'owner' | 'admin' | 'member';
  joinedAt: string;
}

/** Owners and admins manage members (and every key); members use the team's balance with their own keys. */
export function requireManager(user: DashboardPrincipal): void {
  if (user.role !== 'owner' && user.role !== 'admin') throw new DomainError('TEAM_ROLE_FORBIDDEN');
}

/**
 * Teams: invitations by mailed link (7 days), joining, removal. The account stream is the team's
 * truth (members, invites, keys); the user stream says which account the user works in, so the
 * session of a removed member falls back to their own account on their next request.
 */
@Injectable()
export class DashboardTeamService {
  constructor(
    private readonly events: EventStore,
    private readonly users: UserStreams,
    private readonly readStore: ReadStore,
    private readonly freshness: ReadModelFreshness,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async members(user: DashboardPrincipal): Promise<TeamMemberView[]> {
    const docs = await this.readStore
      .collection<TeamMemberDoc>(TEAM_MEMBERS_COLLECTION)
      .find({ filter: { accountId: user.accountId }, sort: { joinedAt: 1 } });
    const people =
      docs.length === 0
        ? []
        : await this.readStore
            .collection<UserDoc>(USERS_COLLECTION)
            .find({ filter: { _id: { $in: docs.map((d) => d.userId) } } });
    const byId = new Map(people.map((p) => [p._id, p]));
    return docs.map((doc) => ({
      userId: doc.userId,
      email: byId.get(doc.userId)?.email ?? '',
      name: byId.get(doc.userId)?.name ?? '',
      role: doc.role,
      joinedAt: doc.joinedAt,
    }));
  }

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

  /** Removes a member; their keys are refused in every process once this returns. */
  async remove(user: DashboardPrincipal, memberUserId: string): Promise<{ userId: string; revokedKeys: number }> {
    requireManager(user);
    if (!/^[0-9]{1,20}$/.test(memberUserId)) throw new DomainError('MEMBER_NOT_FOUND');
    const removed = await this.run(user.accountId, {
      type: 'RemoveMember',
      userId: memberUserId,
      at: this.clock.nowIso(),
    });
    // Each revoked key's document reaches its own event's position, not the append's last one.
    const positions = await appendedPositions(this.events, accountStream(user.accountId), removed);
    const revoked = removed.events.flatMap((e, i) =>
      e.type === 'ApiKeyRevoked' ? [{ keyId: (e.data as { keyId: string }).keyId, position: positions[i] }] : [],
    );
    const keyIds = revoked.map((key) => key.keyId);
    await Promise.all(
      revoked.map((key) => this.freshness.waitForDocument(API_KEYS_COLLECTION, key.keyId, key.position)),
    );
    await this.users.run(memberUserId, { type: 'LeaveTeam', accountId: user.accountId, at: this.clock.nowIso() });
    return { userId: memberUserId, revokedKeys: keyIds.length };
  }

  private run(accountId: string, command: AccountCommand) {
    return runCommand(this.events, accountStream(accountId), accountDecider, command);
  }
}
