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
/** userId: the dashboard user who created the key (absent for keys made by an operator). */
export type IssueApiKey = {
  type: 'IssueApiKey';
  keyId: string;
  secretHash: string;
  label: string;
  userId?: string;
  at: string;
};
export type RevokeApiKey = { type: 'RevokeApiKey'; keyId: string; at: string };
export type RotateApiKey = { type: 'RotateApiKey'; keyId: string; secretHash: string; at: string };

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
 * knows it (the address they joined with is known from the invitation).
 */
export type RemoveMember = { type: 'RemoveMember'; userId: string; email?: string; at: string };
/** An owner or admin withdraws a pending invitation. */
export type RevokeInvite = { type: 'RevokeInvite'; inviteId: string; revokedBy: string; at: string };

export type AccountCommand =
  OpenAccount | IssueApiKey | RevokeApiKey | RotateApiKey | InviteMember | AcceptInvite | RemoveMember | RevokeInvite;
