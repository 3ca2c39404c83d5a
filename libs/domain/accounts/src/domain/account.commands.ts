import type { KeyRestrictionsChange } from './key-restrictions';

export type OpenAccount = {
  type: 'OpenAccount';
  accountId: string;
  name: string;
  /** Absent for a sign-up: its users create their keys from the dashboard. */
  ownerKey?: { keyId: string; secretHash: string };
  /** The dashboard user who signed up and owns the team (absent for accounts an operator opened). */
  ownerUserId?: string;
  at: string;
};
/**
 * userId: the dashboard user who created the key (absent for keys made by an operator). maxActiveKeys: the
 * account may hold no more keys not revoked than this (MAX_KEYS_PER_ACCOUNT); each is a rate-limit bucket.
 */
export type IssueApiKey = {
  type: 'IssueApiKey';
  maxActiveKeys: number;
  keyId: string;
  secretHash: string;
  label: string;
  userId?: string;
  /** The new key's limits; absent fields: none (every scope, every address). */
  restrictions?: KeyRestrictionsChange;
  /** Absent: live; one of API_KEY_KINDS, checked here (INVALID_KEY_KIND) since it arrives from a request body. */
  kind?: string;
  at: string;
};
/**
 * `by`: the dashboard user who asks, judged on this stream (a current owner or admin: any key; a member:
 * their own); absent for an operator (admin API, CLI).
 */
export type RevokeApiKey = { type: 'RevokeApiKey'; keyId: string; by?: string; at: string };
/** Changes a key's limits; `by` is judged as for a revocation (a member changes only their own keys). */
export type RestrictApiKey = {
  type: 'RestrictApiKey';
  keyId: string;
  change: KeyRestrictionsChange;
  by?: string;
  at: string;
};
export type RotateApiKey = { type: 'RotateApiKey'; keyId: string; secretHash: string; by?: string; at: string };

export type TeamRole = 'admin' | 'member';
/** An invitation mailed as a link (only the token's hash is kept), valid until expiresAt. */
export type InviteMember = {
  type: 'InviteMember';
  inviteId: string;
  email: string;
  role: TeamRole;
  tokenHash: string;
  expiresAt: string;
  invitedBy: string;
  at: string;
};
/** email: the signed-in user's address, which must be the invited one (a forwarded link lets nobody else in). */
export type AcceptInvite = { type: 'AcceptInvite'; tokenHash: string; userId: string; email: string; at: string };
/**
 * Removes a member and, in the same append, revokes every key they made and withdraws the pending
 * invitations they sent or that are addressed to them. `email`: their current address, when the caller
 * knows it (the address they joined with is known from the invitation). `removedBy`: the dashboard user who
 * asks, who must be a current owner or admin on this stream; absent for the system (a retried removal).
 */
export type RemoveMember = { type: 'RemoveMember'; userId: string; email?: string; removedBy?: string; at: string };
/** An owner or admin withdraws a pending invitation. */
export type RevokeInvite = { type: 'RevokeInvite'; inviteId: string; revokedBy: string; at: string };

/** The owner closes the team, confirming with its name typed (compared trimmed). */
export type CloseAccount = { type: 'CloseAccount'; by: string; teamName: string; at: string };

export type AccountCommand =
  | OpenAccount
  | IssueApiKey
  | RevokeApiKey
  | RotateApiKey
  | RestrictApiKey
  | InviteMember
  | AcceptInvite
  | RemoveMember
  | RevokeInvite
  | CloseAccount;
