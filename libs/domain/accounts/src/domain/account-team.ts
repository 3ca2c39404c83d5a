import { DomainError } from '@lib/common';
import { timingSafeEqual } from 'node:crypto';
import { InviteRevoked } from './account.events';

export type TeamMemberRole = 'owner' | 'admin' | 'member';
export type InviteState = {
  email: string;
  role: 'admin' | 'member';
  tokenHash: string;
  expiresAt: string;
  invitedBy: string;
  invitedAt: string;
  used: boolean;
};
/** The team part of an open account: who is in it, the invitations not withdrawn, and each member's joining address. */
export type TeamState = {
  accountId: string;
  members: Record<string, TeamMemberRole>;
  /** Withdrawn invitations are dropped; used and expired ones stay (a used link must keep failing). */
  invites: Record<string, InviteState>;
  /** The address each invited member joined with (the invitation's). */
  joinedAs: Record<string, string>;
};

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/** Only owners and admins invite, withdraw invitations and remove members; a removed admin is nobody. */
export function requireManager(team: TeamState, userId: string): void {
  const role = team.members[userId];
  if (role !== 'owner' && role !== 'admin') throw new DomainError('TEAM_ROLE_FORBIDDEN');
}

/**
 * A dashboard user changing a key (revoke, rotate): a current owner or admin may change any of the team's
 * keys, a current member only their own (another's reads as not found); a removed user is nobody.
 */
export function requireKeyChanger(team: TeamState, userId: string, keyOwner: string | null): void {
  const role = team.members[userId];
  if (!role) throw new DomainError('TEAM_ROLE_FORBIDDEN', 'You are not a member of this team.');
  if (role === 'member' && keyOwner !== userId) throw new DomainError('API_KEY_NOT_FOUND');
}

export const isPendingInvite = (invite: InviteState, at: string): boolean => !invite.used && invite.expiresAt > at;

/** The unused, unexpired, not withdrawn invite whose token this is; every failure reads the same. */
export function requireInvite(team: TeamState, tokenHash: string, email: string, at: string): [string, InviteState] {
  const found = Object.entries(team.invites).find(([, invite]) => sameHex(invite.tokenHash, tokenHash));
  if (!found || !isPendingInvite(found[1], at) || found[1].email !== email) throw new DomainError('INVALID_TOKEN');
  return found;
}

/** A pending invitation an owner or admin may withdraw. */
export function requirePendingInvite(team: TeamState, inviteId: string, at: string): InviteState {
  const invite = team.invites[inviteId];
  if (!invite || !isPendingInvite(invite, at)) throw new DomainError('INVITE_NOT_FOUND');
  return invite;
}

/**
 * The pending invitations a member's removal withdraws: those they sent (an admin about to be removed
 * cannot leave a way back behind), and those to the address they joined with or use now.
 */
export function invitesWithdrawnByRemoval(
  team: TeamState,
  userId: string,
  currentEmail: string | undefined,
  at: string,
): InviteRevoked[] {
  const addresses = new Set([team.joinedAs[userId], currentEmail].filter((a): a is string => !!a));
  return Object.entries(team.invites).flatMap(([inviteId, invite]): InviteRevoked[] => {
    if (!isPendingInvite(invite, at)) return [];
    const reason = addresses.has(invite.email)
      ? 'invitee_removed'
      : invite.invitedBy === userId
        ? 'inviter_removed'
        : null;
    if (!reason) return [];
    const data = { accountId: team.accountId, inviteId, email: invite.email, reason, revokedAt: at } as const;
    return [{ type: 'InviteRevoked', data }];
  });
}
