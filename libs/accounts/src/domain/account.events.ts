// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
export type AccountOpened = {
  type: 'AccountOpened';
  data: { accountId: string; name: string; ownerUserId?: string; openedAt: string };
};
export type ApiKeyIssued = {
  type: 'ApiKeyIssued';
  data: {
    accountId: string;
    keyId: string;
    secretHash: string;
    label: string;
    role: 'owner' | 'member';
    userId?: string;
    issuedAt: string;
  };
};
export type ApiKeyRevoked = { type: 'ApiKeyRevoked'; data: { accountId: string; keyId: string; revokedAt: string } };
export type ApiKeyRotated = {
  type: 'ApiKeyRotated';
  data: { accountId: string; keyId: string; secretHash: string; rotatedAt: string };
};

export type MemberInvited = {
  type: 'MemberInvited';
  data: {
    accountId: string;
    inviteId: string;
    email: string;
    role: 'admin' | 'member';
    tokenHash: string;
    expiresAt: string;
    invitedBy: string;
    invitedAt: string;
  };
};
export type MemberJoined = {
  type: 'MemberJoined';
  data: { accountId: string; inviteId: string; userId: string; role: 'admin' | 'member'; joinedAt: string };
};
export type MemberRemoved = { type: 'MemberRemoved'; data: { accountId: string; userId: string; removedAt: string } };

/**
 * A pending invitation withdrawn, so its link no longer works: by an owner or admin (`revoked`), or with
 * the removal of the member who sent it (`inviter_removed`) or of the member it would bring back
 * (`invitee_removed`; an invitation sent after the removal is a new decision and works).
 */
export type InviteRevoked = {
  type: 'InviteRevoked';
  data: {
    accountId: string;
    inviteId: string;
    email: string;
    reason: InviteRevocationReason;
    revokedBy?: string;
    revokedAt: string;
  };
};
/** `reinvited`: the address was invited again while this one was pending; the new invitation replaces it. */
export type InviteRevocationReason = 'revoked' | 'inviter_removed' | 'invitee_removed' | 'reinvited';

export type AccountEvent =
  | AccountOpened
  | ApiKeyIssued
  | ApiKeyRevoked
  | ApiKeyRotated
  | MemberInvited
  | MemberJoined
  | MemberRemoved
  | InviteRevoked;
export const ACCOUNT_EVENT_TYPES: AccountEvent['type'][] = [
  'AccountOpened',
  'ApiKeyIssued',
  'ApiKeyRevoked',
  'ApiKeyRotated',
  'MemberInvited',
  'MemberJoined',
  'MemberRemoved',
  'InviteRevoked',
];
