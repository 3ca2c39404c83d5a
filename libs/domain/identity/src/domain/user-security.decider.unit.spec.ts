import { decidedHistory, deciderSpec } from '@lib/common/testing';
import { UserCommand } from './user.commands';
import { userDecider } from './user.decider';
import { UserEvent } from './user.events';

// Security review findings 2 and 11 (issue 25), on the user stream.
const at = '2025-01-01T00:00:00.000Z';
const later = (hours: number) => new Date(Date.parse(at) + hours * 3_600_000).toISOString();
const hash = (c: string) => c.repeat(64);
const given = deciderSpec(userDecider);
const continued = (history: UserEvent[], ...commands: UserCommand[]): UserEvent[] =>
  commands.reduce((events, command) => [...events, ...given(events).when(command).events()], history);

const session = (sessionId: string, when = at): UserCommand => ({
  type: 'StartSession',
  maxSessions: 20,
  sessionId,
  secretHash: hash('c'),
  csrfHash: hash('d'),
  userAgent: '',
  address: '127.0.0.1',
  expiresAt: later(24),
  at: when,
});

/** Ada, confirmed, signed in twice, with a change of address to eve@example.com pending (Eve knew the password). */
const ada: UserEvent[] = decidedHistory(
  userDecider,
  {
    type: 'RegisterUser',
    userId: '1',
    email: 'ada@example.com',
    name: 'Ada',
    company: '',
    accountId: 'home',
    passwordHash: 'argon',
    confirmTokenHash: hash('a'),
    confirmExpiresAt: later(48),
    at,
  },
  { type: 'ConfirmEmail', tokenHash: hash('a'), at },
  session('s1'),
  session('s2'),
  { type: 'RequestEmailChange', newEmail: 'eve@example.com', tokenHash: hash('e'), expiresAt: later(24), at },
);
const confirmChange: UserCommand = { type: 'ConfirmEmailChange', tokenHash: hash('e'), at: later(2) };

describe('finding 2: an email change survives a password reset', () => {
  it('a reset withdraws the pending change, so its link no longer takes the address', () => {
    const reset = continued(
      ada,
      { type: 'RequestPasswordReset', tokenHash: hash('b'), expiresAt: later(1), at },
      { type: 'ResetPassword', tokenHash: hash('b'), passwordHash: 'new', at: later(0.5) },
    );
    expect(reset.slice(ada.length + 1).map((e) => e.type)).toEqual([
      'PasswordReset',
      'EmailChangeCancelled',
      'SessionEnded',
      'SessionEnded',
    ]);
    expect(reset.find((e) => e.type === 'EmailChangeCancelled')!.data).toEqual({
      userId: '1',
      newEmail: 'eve@example.com',
      reason: 'password_reset',
      cancelledAt: later(0.5),
    });
    given(reset).when(confirmChange).thenThrows('INVALID_TOKEN');
  });

  it('a change of password withdraws it too, with any reset link, and ends the other sessions', () => {
    const requested = continued(ada, { type: 'RequestPasswordReset', tokenHash: hash('b'), expiresAt: later(1), at });
    const changed = given(requested)
      .when({ type: 'ChangePassword', passwordHash: 'p2', keepSessionId: 's2', at })
      .events();
    expect(changed.map((e) => e.type)).toEqual(['PasswordChanged', 'EmailChangeCancelled', 'SessionEnded']);
    const after = [...requested, ...changed];
    given(after).when(confirmChange).thenThrows('INVALID_TOKEN');
    given(after)
      .when({ type: 'ResetPassword', tokenHash: hash('b'), passwordHash: 'p3', at })
      .thenThrows('INVALID_TOKEN');
  });

  it('cancels nothing when no change is pending', () => {
    const confirmed = continued(ada, confirmChange);
    const changed = given(confirmed)
      .when({ type: 'ChangePassword', passwordHash: 'p2', keepSessionId: 's2', at: later(3) })
      .events();
    expect(changed.map((e) => e.type)).toEqual(['PasswordChanged', 'SessionEnded']);
  });
});

describe('finding 11: a removal that finishes after a crash', () => {
  const joined = continued(ada, { type: 'JoinTeam', accountId: 'team', role: 'admin', at: later(1) });
  const leave = (removedAt: string): UserCommand => ({ type: 'LeaveTeam', accountId: 'team', removedAt, at: later(5) });

  it('leaves the team the removal was about, once (a repeated LeaveTeam decides nothing)', () => {
    const left = given(joined)
      .when(leave(later(2)))
      .events();
    expect(left.map((e) => e.type)).toEqual(['TeamLeft']);
    given([...joined, ...left])
      .when(leave(later(2)))
      .then([]);
  });

  it('ignores a removal older than the latest joining (a late LeaveTeam must not undo a re-invitation)', () => {
    const left = given(joined)
      .when(leave(later(2)))
      .events();
    const rejoined = continued([...joined, ...left], {
      type: 'JoinTeam',
      accountId: 'team',
      role: 'member',
      at: later(3),
    });
    given(rejoined)
      .when(leave(later(2)))
      .then([]);
    expect(
      given(rejoined)
        .when(leave(later(4)))
        .events()
        .map((e) => e.type),
    ).toEqual(['TeamLeft']);
  });
});
