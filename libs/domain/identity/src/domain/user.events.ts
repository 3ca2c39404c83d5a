// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
// Secrets never appear here: tokens and session secrets as SHA-256 hashes, passwords as argon2id hashes.
export type UserRegistered = {
  type: 'UserRegistered';
  data: {
    userId: string;
    email: string;
    name: string;
    company: string;
    accountId: string;
    passwordHash: string;
    confirmTokenHash: string;
    confirmExpiresAt: string;
    registeredAt: string;
  };
};
export type EmailConfirmed = { type: 'EmailConfirmed'; data: { userId: string; email: string; confirmedAt: string } };
export type ConfirmationReissued = {
  type: 'ConfirmationReissued';
  data: { userId: string; tokenHash: string; expiresAt: string; at: string };
};
export type SessionStarted = {
  type: 'SessionStarted';
  data: {
    userId: string;
    sessionId: string;
    secretHash: string;
    csrfHash: string;
    userAgent: string;
    address: string;
    startedAt: string;
    expiresAt: string;
  };
};
export type SessionEnded = {
  type: 'SessionEnded';
  data: { userId: string; sessionId: string; reason: SessionEndReason; endedAt: string };
};
export type PasswordResetRequested = {
  type: 'PasswordResetRequested';
  data: { userId: string; tokenHash: string; expiresAt: string; requestedAt: string };
};
export type PasswordReset = { type: 'PasswordReset'; data: { userId: string; passwordHash: string; resetAt: string } };
export type PasswordChanged = {
  type: 'PasswordChanged';
  data: { userId: string; passwordHash: string; changedAt: string };
};
export type EmailChangeRequested = {
  type: 'EmailChangeRequested';
  data: { userId: string; newEmail: string; tokenHash: string; expiresAt: string; requestedAt: string };
};
export type EmailChanged = {
  type: 'EmailChanged';
  data: { userId: string; oldEmail: string; newEmail: string; changedAt: string };
};
/**
 * A pending change of address withdrawn by a new password (reset or change): whoever asked for it knew
 * the old password, which is exactly what the owner is taking back. Its link no longer works.
 */
export type EmailChangeCancelled = {
  type: 'EmailChangeCancelled';
  data: { userId: string; newEmail: string; reason: 'password_reset' | 'password_changed'; cancelledAt: string };
};

/** The user now works in (and spends the balance of) another account, with this role. */
export type TeamJoined = {
  type: 'TeamJoined';
  data: { userId: string; accountId: string; role: 'admin' | 'member'; joinedAt: string };
};
/** Removed from a team: back to the account the user signed up with. */
export type TeamLeft = {
  type: 'TeamLeft';
  data: { userId: string; accountId: string; homeAccountId: string; leftAt: string };
};

export type SessionEndReason = 'signed_out' | 'revoked' | 'password_reset' | 'password_changed' | 'account_closed';

export type UserEvent =
  | UserRegistered
  | EmailConfirmed
  | ConfirmationReissued
  | SessionStarted
  | SessionEnded
  | PasswordResetRequested
  | PasswordReset
  | PasswordChanged
  | EmailChangeRequested
  | EmailChanged
  | EmailChangeCancelled
  | TeamJoined
  | TeamLeft;

export const USER_EVENT_TYPES: UserEvent['type'][] = [
  'UserRegistered',
  'EmailConfirmed',
  'ConfirmationReissued',
  'SessionStarted',
  'SessionEnded',
  'PasswordResetRequested',
  'PasswordReset',
  'PasswordChanged',
  'EmailChangeRequested',
  'EmailChanged',
  'EmailChangeCancelled',
  'TeamJoined',
  'TeamLeft',
];
