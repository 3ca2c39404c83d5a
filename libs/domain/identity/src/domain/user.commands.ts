import type { SessionEndReason } from './user.events';

export type RegisterUser = {
  type: 'RegisterUser';
  userId: string;
  email: string;
  name: string;
  company: string;
  accountId: string;
  passwordHash: string;
  confirmTokenHash: string;
  confirmExpiresAt: string;
  at: string;
};
export type ConfirmEmail = { type: 'ConfirmEmail'; tokenHash: string; at: string };
export type ReissueConfirmation = { type: 'ReissueConfirmation'; tokenHash: string; expiresAt: string; at: string };
/**
 * The caller has verified the password; the decider checks the account may sign in, and holds fewer than
 * `maxSessions` unexpired sessions (MAX_SESSIONS_PER_USER).
 */
export type StartSession = {
  type: 'StartSession';
  maxSessions: number;
  sessionId: string;
  secretHash: string;
  csrfHash: string;
  userAgent: string;
  address: string;
  expiresAt: string;
  at: string;
};
export type EndSession = { type: 'EndSession'; sessionId: string; reason: SessionEndReason; at: string };
/** Ends every open session of the user at once (their account was closed). */
export type EndAllSessions = { type: 'EndAllSessions'; reason: SessionEndReason; at: string };
export type RequestPasswordReset = { type: 'RequestPasswordReset'; tokenHash: string; expiresAt: string; at: string };
export type ResetPassword = { type: 'ResetPassword'; tokenHash: string; passwordHash: string; at: string };
/** The caller has verified the current password; every other session ends. */
export type ChangePassword = { type: 'ChangePassword'; passwordHash: string; keepSessionId: string; at: string };
export type RequestEmailChange = {
  type: 'RequestEmailChange';
  newEmail: string;
  tokenHash: string;
  expiresAt: string;
  at: string;
};
/** The caller has claimed the new address for this user before running it. */
export type ConfirmEmailChange = { type: 'ConfirmEmailChange'; tokenHash: string; at: string };

export type JoinTeam = { type: 'JoinTeam'; accountId: string; role: 'admin' | 'member'; at: string };
/**
 * `removedAt`: when the account stream recorded the removal; a LeaveTeam that arrives after the user
 * joined that team again (a late retry of an older removal) decides nothing.
 */
export type LeaveTeam = { type: 'LeaveTeam'; accountId: string; removedAt?: string; at: string };

export type UserCommand =
  | RegisterUser
  | ConfirmEmail
  | ReissueConfirmation
  | StartSession
  | EndSession
  | EndAllSessions
  | RequestPasswordReset
  | ResetPassword
  | ChangePassword
  | RequestEmailChange
  | ConfirmEmailChange
  | JoinTeam
  | LeaveTeam;
