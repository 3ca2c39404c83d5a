import { deciderSpec } from '@lib/common/testing';
import { UserCommand } from './user.commands';
import { userDecider } from './user.decider';
import { UserEvent } from './user.events';

const at = '2025-01-01T00:00:00.000Z';
const later = (hours: number) => new Date(Date.parse(at) + hours * 3_600_000).toISOString();

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: '1',
    email: 'ada@example.com',
    name: 'Ada',
    company: '',
    accountId: '2',
    passwordHash: 'argon',
    confirmTokenHash: 'aa'.repeat(32),
    confirmExpiresAt: later(48),
    registeredAt: at,
  },
};
const confirmed: UserEvent = {
  type: 'EmailConfirmed',
  data: { userId: '1', email: 'ada@example.com', confirmedAt: at },
};
const resetRequested: UserEvent = {
  type: 'PasswordResetRequested',
  data: { userId: '1', tokenHash: 'bb'.repeat(32), expiresAt: later(1), requestedAt: at },
};
const session = (sessionId: string): UserEvent => ({
  type: 'SessionStarted',
  data: {
    userId: '1',
    sessionId,
    secretHash: 'cc'.repeat(32),
    csrfHash: 'dd'.repeat(32),
    userAgent: '',
    address: '127.0.0.1',
    startedAt: at,
    expiresAt: later(24),
  },
});

const given = deciderSpec(userDecider);

describe('user', () => {
  describe('when the address is not confirmed', () => {
    it('refuses to start a session', () => {
      const command: UserCommand = {
        type: 'StartSession',
        maxSessions: 20,
        sessionId: 's1',
        secretHash: 'x',
        csrfHash: 'y',
        userAgent: '',
        address: '',
        expiresAt: later(1),
        at,
      };
      given([registered]).when(command).thenThrows('EMAIL_NOT_CONFIRMED');
    });

    it('confirms with the mailed token, once, before it expires', () => {
      given([registered])
        .when({ type: 'ConfirmEmail', tokenHash: 'aa'.repeat(32), at })
        .then([{ type: 'EmailConfirmed', data: { userId: '1', email: 'ada@example.com', confirmedAt: at } }]);
      given([registered, confirmed])
        .when({ type: 'ConfirmEmail', tokenHash: 'aa'.repeat(32), at })
        .thenThrows('INVALID_TOKEN');
      given([registered])
        .when({ type: 'ConfirmEmail', tokenHash: 'aa'.repeat(32), at: later(48) })
        .thenThrows('INVALID_TOKEN');
      given([registered])
        .when({ type: 'ConfirmEmail', tokenHash: 'ab'.repeat(32), at })
        .thenThrows('INVALID_TOKEN');
    });
  });

  describe('password reset', () => {
    const reset = (tokenHash: string, when: string): UserCommand => ({
      type: 'ResetPassword',
      tokenHash,
      passwordHash: 'new',
      at: when,
    });

    it('sets the password and ends every open session', () => {
      const events = given([registered, confirmed, session('s1'), session('s2'), resetRequested])
        .when(reset('bb'.repeat(32), at))
        .events();
      expect(events.map((e) => e.type)).toEqual(['PasswordReset', 'SessionEnded', 'SessionEnded']);
    });

    it('refuses an expired, reused, wrong or superseded token', () => {
      given([registered, confirmed, resetRequested])
        .when(reset('bb'.repeat(32), later(1)))
        .thenThrows('INVALID_TOKEN');
      const used: UserEvent = { type: 'PasswordReset', data: { userId: '1', passwordHash: 'new', resetAt: at } };
      given([registered, confirmed, resetRequested, used])
        .when(reset('bb'.repeat(32), at))
        .thenThrows('INVALID_TOKEN');
      given([registered, confirmed, resetRequested])
        .when(reset('cc'.repeat(32), at))
        .thenThrows('INVALID_TOKEN');
      const newer: UserEvent = {
        ...resetRequested,
        data: { ...resetRequested.data, tokenHash: 'ee'.repeat(32) },
      } as UserEvent;
      given([registered, confirmed, resetRequested, newer])
        .when(reset('bb'.repeat(32), at))
        .thenThrows('INVALID_TOKEN');
    });

    it('is voided by a password change', () => {
      const changed: UserEvent = { type: 'PasswordChanged', data: { userId: '1', passwordHash: 'p2', changedAt: at } };
      given([registered, confirmed, resetRequested, changed])
        .when(reset('bb'.repeat(32), at))
        .thenThrows('INVALID_TOKEN');
    });
  });

  describe('sessions', () => {
    const start = (sessionId: string, when: string): UserCommand => ({
      type: 'StartSession',
      maxSessions: 2,
      sessionId,
      secretHash: 'cc'.repeat(32),
      csrfHash: 'dd'.repeat(32),
      userAgent: '',
      address: '2001:db8::1',
      expiresAt: later(24),
      at: when,
    });

    it('finding 2: refuses a session past MAX_SESSIONS_PER_USER unexpired ones, and counts ended and expired ones no more', () => {
      const two = [registered, confirmed, session('s1'), session('s2')];
      given(two).when(start('s3', at)).thenThrows('SESSION_LIMIT_REACHED');
      const ended: UserEvent = {
        type: 'SessionEnded',
        data: { userId: '1', sessionId: 's1', reason: 'signed_out', endedAt: at },
      };
      expect(
        given([...two, ended])
          .when(start('s3', at))
          .events(),
      ).toHaveLength(1);
      // s1 and s2 expire 24 hours after `at`.
      expect(
        given(two)
          .when(start('s3', later(24)))
          .events(),
      ).toHaveLength(1);
    });

    it('keeps the addresses sessions started from as known clients, the latest last', () => {
      const history = [...given([registered, confirmed]).when(start('s1', at)).events()];
      const state = given([registered, confirmed, session('s0'), ...history]).state;
      expect(state.status === 'registered' && state.knownClients).toEqual(['127.0.0.1', '2001:db8::1']);
    });

    it('ends an open session once, and a password change ends all but the current one', () => {
      const history = [registered, confirmed, session('s1'), session('s2')];
      expect(given(history).when({ type: 'EndSession', sessionId: 's1', reason: 'revoked', at }).events()).toHaveLength(
        1,
      );
      const ended: UserEvent = {
        type: 'SessionEnded',
        data: { userId: '1', sessionId: 's1', reason: 'revoked', endedAt: at },
      };
      given([...history, ended])
        .when({ type: 'EndSession', sessionId: 's1', reason: 'revoked', at })
        .thenThrows('SESSION_NOT_FOUND');
      const change = given(history)
        .when({ type: 'ChangePassword', passwordHash: 'p2', keepSessionId: 's2', at })
        .events();
      expect(
        change.filter((e) => e.type === 'SessionEnded').map((e) => (e.data as { sessionId: string }).sessionId),
      ).toEqual(['s1']);
    });
  });
});
