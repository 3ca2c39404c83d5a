import { Decider, DomainError } from '@lib/common';
import { sameHash } from '../tokens/secret-hash';
import { UserCommand } from './user.commands';
import { EmailChangeCancelled, SessionEnded, UserEvent } from './user.events';
import { USER_UPCASTERS } from './user.upcast';

/** A token mailed in a link: only its hash, until it is used or expires. */
type PendingToken = { tokenHash: string; expiresAt: string };

export type RegisteredUser = {
  status: 'registered';
  userId: string;
  email: string;
  emailConfirmed: boolean;
  passwordHash: string;
  /** The account the user signed up with, and the one they work in now (a team they joined, or the same). */
  homeAccountId: string;
  accountId: string;
  /** When the user joined the team they work in now (null in their own account). */
  teamJoinedAt: string | null;
  confirmation: PendingToken | null;
  reset: PendingToken | null;
  emailChange: (PendingToken & { newEmail: string }) | null;
  /** Sessions not ended (ended ones are dropped; expired ones stay until ended, and count no more). */
  openSessions: Array<{ sessionId: string; expiresAt: string }>;
  /**
   * The client addresses the user's latest sessions started from (the last KNOWN_CLIENTS distinct ones):
   * sign-in attempts from one of them are counted apart from everyone else's (SignInThrottle).
   */
  knownClients: string[];
};
export type UserState = { status: 'none' } | RegisteredUser;

export const userStream = (userId: string): string => `users-${userId}`;

/** How many addresses of past sign-ins a user keeps as known clients. */
const KNOWN_CLIENTS = 20;

function requireUser(state: UserState): RegisteredUser {
  if (state.status !== 'registered') throw new DomainError('INVALID_TOKEN');
  return state;
}

/** Whether a mailed link's token is the pending one and unexpired (services check it before costly work). */
export function linkWorks(pending: PendingToken | null, tokenHash: string, at: string): boolean {
  return !!pending && sameHash(pending.tokenHash, tokenHash) && pending.expiresAt > at;
}

/** A link works once, before it expires; every failure reads the same so a link reveals nothing. */
function requireLink(pending: PendingToken | null, tokenHash: string, at: string): void {
  if (!linkWorks(pending, tokenHash, at)) throw new DomainError('INVALID_TOKEN');
}

function endAll(
  user: RegisteredUser,
  reason: SessionEnded['data']['reason'],
  at: string,
  keep?: string,
): SessionEnded[] {
  return user.openSessions
    .map(({ sessionId }) => sessionId)
    .filter((id) => id !== keep)
    .map((sessionId) => ({ type: 'SessionEnded', data: { userId: user.userId, sessionId, reason, endedAt: at } }));
}

/** A new password takes back what the old one gave: a pending change of address goes with it. */
function cancelEmailChange(
  user: RegisteredUser,
  reason: EmailChangeCancelled['data']['reason'],
  at: string,
): EmailChangeCancelled[] {
  if (!user.emailChange) return [];
  return [
    {
      type: 'EmailChangeCancelled',
      data: { userId: user.userId, newEmail: user.emailChange.newEmail, reason, cancelledAt: at },
    },
  ];
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: { status: 'none' },
  upcasters: USER_UPCASTERS,

  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser': {
        if (state.status !== 'none') return []; // a retried registration is a no-op
        const { type: _type, at, ...data } = command;
        return [{ type: 'UserRegistered', data: { ...data, registeredAt: at } }];
      }
      case 'ConfirmEmail': {
        const user = requireUser(state);
        requireLink(user.confirmation, command.tokenHash, command.at);
        return [{ type: 'EmailConfirmed', data: { userId: user.userId, email: user.email, confirmedAt: command.at } }];
      }
      case 'ReissueConfirmation': {
        const user = requireUser(state);
        if (user.emailConfirmed) return [];
        return [
          {
            type: 'ConfirmationReissued',
            data: { userId: user.userId, tokenHash: command.tokenHash, expiresAt: command.expiresAt, at: command.at },
          },
        ];
      }
      case 'StartSession': {
        const user = requireUser(state);
        if (!user.emailConfirmed) throw new DomainError('EMAIL_NOT_CONFIRMED');
        // Each session is a way in (and a rate-limit bucket of its own before the account's): a bounded number at once.
        const live = user.openSessions.filter((session) => session.expiresAt > command.at).length;
        if (live >= command.maxSessions) throw new DomainError('SESSION_LIMIT_REACHED');
        const { type: _type, at, maxSessions: _max, ...data } = command;
        return [{ type: 'SessionStarted', data: { userId: user.userId, ...data, startedAt: at } }];
      }
      case 'EndSession': {
        const user = requireUser(state);
        if (!user.openSessions.some(({ sessionId }) => sessionId === command.sessionId))
          throw new DomainError('SESSION_NOT_FOUND');
        return [
          {
            type: 'SessionEnded',
            data: { userId: user.userId, sessionId: command.sessionId, reason: command.reason, endedAt: command.at },
          },
        ];
      }
      case 'EndAllSessions':
        return endAll(requireUser(state), command.reason, command.at);
      case 'RequestPasswordReset': {
        const user = requireUser(state);
        return [
          {
            type: 'PasswordResetRequested',
            data: {
              userId: user.userId,
              tokenHash: command.tokenHash,
              expiresAt: command.expiresAt,
              requestedAt: command.at,
            },
          },
        ];
      }
      case 'ResetPassword': {
        const user = requireUser(state);
        requireLink(user.reset, command.tokenHash, command.at);
        return [
          {
            type: 'PasswordReset',
            data: { userId: user.userId, passwordHash: command.passwordHash, resetAt: command.at },
          },
          ...cancelEmailChange(user, 'password_reset', command.at),
          ...endAll(user, 'password_reset', command.at),
        ];
      }
      case 'ChangePassword': {
        const user = requireUser(state);
        return [
          {
            type: 'PasswordChanged',
            data: { userId: user.userId, passwordHash: command.passwordHash, changedAt: command.at },
          },
          ...cancelEmailChange(user, 'password_changed', command.at),
          ...endAll(user, 'password_changed', command.at, command.keepSessionId),
        ];
      }
      case 'RequestEmailChange': {
        const user = requireUser(state);
        return [
          {
            type: 'EmailChangeRequested',
            data: {
              userId: user.userId,
              newEmail: command.newEmail,
              tokenHash: command.tokenHash,
              expiresAt: command.expiresAt,
              requestedAt: command.at,
            },
          },
        ];
      }
      case 'ConfirmEmailChange': {
        const user = requireUser(state);
        requireLink(user.emailChange, command.tokenHash, command.at);
        return [
          {
            type: 'EmailChanged',
            data: {
              userId: user.userId,
              oldEmail: user.email,
              newEmail: user.emailChange!.newEmail,
              changedAt: command.at,
            },
          },
        ];
      }
      case 'JoinTeam': {
        const user = requireUser(state);
        return [
          {
            type: 'TeamJoined',
            data: { userId: user.userId, accountId: command.accountId, role: command.role, joinedAt: command.at },
          },
        ];
      }
      case 'LeaveTeam': {
        const user = requireUser(state);
        if (user.accountId !== command.accountId) return []; // already gone (a retried removal)
        if (command.removedAt && user.teamJoinedAt && user.teamJoinedAt > command.removedAt) return []; // joined again since
        return [
          {
            type: 'TeamLeft',
            data: {
              userId: user.userId,
              accountId: command.accountId,
              homeAccountId: user.homeAccountId,
              leftAt: command.at,
            },
          },
        ];
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      const d = event.data;
      return {
        status: 'registered',
        userId: d.userId,
        email: d.email,
        emailConfirmed: false,
        passwordHash: d.passwordHash,
        homeAccountId: d.accountId,
        accountId: d.accountId,
        teamJoinedAt: null,
        confirmation: { tokenHash: d.confirmTokenHash, expiresAt: d.confirmExpiresAt },
        reset: null,
        emailChange: null,
        openSessions: [],
        knownClients: [],
      };
    }
    if (state.status !== 'registered') return state;
    switch (event.type) {
      case 'EmailConfirmed':
        return { ...state, emailConfirmed: true, confirmation: null };
      case 'ConfirmationReissued':
        return { ...state, confirmation: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
      case 'SessionStarted': {
        const { sessionId, expiresAt, address } = event.data;
        const knownClients = [...state.knownClients.filter((known) => known !== address), address];
        return {
          ...state,
          openSessions: [...state.openSessions, { sessionId, expiresAt }],
          knownClients: knownClients.slice(-KNOWN_CLIENTS),
        };
      }
      case 'SessionEnded':
        return {
          ...state,
          openSessions: state.openSessions.filter(({ sessionId }) => sessionId !== event.data.sessionId),
        };
      case 'PasswordResetRequested':
        return { ...state, reset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
      // A new password voids any reset link still in the mailbox.
      case 'PasswordReset':
      case 'PasswordChanged':
        return { ...state, passwordHash: event.data.passwordHash, reset: null };
      case 'EmailChangeRequested':
        return {
          ...state,
          emailChange: {
            tokenHash: event.data.tokenHash,
            expiresAt: event.data.expiresAt,
            newEmail: event.data.newEmail,
          },
        };
      // Confirming the new address also proves the mailbox, so it counts as confirmed.
      case 'EmailChanged':
        return { ...state, email: event.data.newEmail, emailChange: null, emailConfirmed: true };
      case 'EmailChangeCancelled':
        return { ...state, emailChange: null };
      case 'TeamJoined':
        return { ...state, accountId: event.data.accountId, teamJoinedAt: event.data.joinedAt };
      case 'TeamLeft':
        return { ...state, accountId: event.data.homeAccountId, teamJoinedAt: null };
    }
  },
};
