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
    /** Absent (every key issued before keys had limits, and the opening key): every scope. */
    scopes?: string[];
    /** Absent: every client address. Addresses and CIDR blocks, IPv4 and IPv6. */
    allowedAddresses?: string[];
    /** Absent: no monthly credit cap. */
    monthlyCreditCap?: number;
    /** Absent: a live key (every key issued before keys had kinds). */
    kind?: 'test' | 'publishable';
    /** A publishable key's web origins; absent for the other kinds. */
    allowedOrigins?: string[];
    issuedAt: string;
  };
};
/**
 * A key's limits replaced as a whole (null: none), by `changedBy` (a dashboard user; absent for an
 * operator). A later field (a monthly credit cap, a kind) is an optional one here, absent meaning none.
 */
export type ApiKeyRestrictionsChanged = {
  type: 'ApiKeyRestrictionsChanged';
  data: {
    accountId: string;
    keyId: string;
    scopes: string[] | null;
    allowedAddresses: string[] | null;
    /** Absent on a change recorded before keys had caps: none. */
    monthlyCreditCap?: number | null;
    /** Absent on a change recorded before publishable keys, and for keys of the other kinds: none. */
    allowedOrigins?: string[] | null;
    changedBy?: string;
    changedAt: string;
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
export type InviteRevocationReason = 'revoked' | 'inviter_removed' | 'invitee_removed' | 'reinvited' | 'account_closed';

/**
 * The team closed by its owner: its keys revoked, its members removed and its invitations withdrawn in the
 * same append (before this event). Its data is erased by the account's erasure (libs/domain/erasure); nothing on
 * this stream is decided again.
 */
export type AccountClosed = { type: 'AccountClosed'; data: { accountId: string; closedBy: string; closedAt: string } };

export type AccountEvent =
  | AccountOpened
  | ApiKeyIssued
  | ApiKeyRevoked
  | ApiKeyRotated
  | ApiKeyRestrictionsChanged
  | MemberInvited
  | MemberJoined
  | MemberRemoved
  | InviteRevoked
  | AccountClosed;
export const ACCOUNT_EVENT_TYPES: AccountEvent['type'][] = [
  'AccountOpened',
  'ApiKeyIssued',
  'ApiKeyRevoked',
  'ApiKeyRotated',
  'ApiKeyRestrictionsChanged',
  'MemberInvited',
  'MemberJoined',
  'MemberRemoved',
  'InviteRevoked',
  'AccountClosed',
];
