import { decidedHistory, deciderSpec } from '@lib/common/testing';
import { AccountCommand } from './account.commands';
import { accountDecider } from './account.decider';

// Security review, round two (issue 36): who asks is judged on the account stream, not a read model.
const at = '2025-01-01T00:00:00.000Z';
const hash = (c: string) => c.repeat(64);
const given = deciderSpec(accountDecider);
const invite = (inviteId: string, email: string, role: 'admin' | 'member'): AccountCommand => ({
  type: 'InviteMember',
  inviteId,
  email,
  role,
  tokenHash: hash(inviteId.slice(-1)),
  expiresAt: '2025-01-08T00:00:00.000Z',
  invitedBy: 'owner',
  at,
});
const join = (inviteId: string, userId: string, email: string): AccountCommand => ({
  type: 'AcceptInvite',
  tokenHash: hash(inviteId.slice(-1)),
  userId,
  email,
  at,
});
const key = (keyId: string, userId: string): AccountCommand => ({
  type: 'IssueApiKey',
  maxActiveKeys: 10,
  keyId,
  secretHash: hash('e'),
  label: keyId,
  userId,
  at,
});

/** Owner, an admin (ada) and a member (grace), each with a key. */
const team = decidedHistory(
  accountDecider,
  { type: 'OpenAccount', accountId: 'a', name: 'Team', ownerUserId: 'owner', at },
  invite('i1', 'ada@example.com', 'admin'),
  join('i1', 'ada', 'ada@example.com'),
  invite('i2', 'grace@example.com', 'member'),
  join('i2', 'grace', 'grace@example.com'),
  key('k-owner', 'owner'),
  key('k-ada', 'ada'),
  key('k-grace', 'grace'),
);
const adaRemoved = [...team, ...given(team).when({ type: 'RemoveMember', userId: 'ada', at }).events()];

describe('finding 8: the actor of a removal or a key change', () => {
  it('a removed admin removes nobody', () => {
    given(adaRemoved)
      .when({ type: 'RemoveMember', userId: 'grace', removedBy: 'ada', at })
      .thenThrows('TEAM_ROLE_FORBIDDEN');
    given(team)
      .when({ type: 'RemoveMember', userId: 'grace', removedBy: 'grace', at })
      .thenThrows('TEAM_ROLE_FORBIDDEN');
    expect(given(team).when({ type: 'RemoveMember', userId: 'grace', removedBy: 'ada', at }).events()[0].type).toBe(
      'MemberRemoved',
    );
  });

  it('a removed admin revokes or rotates no key of the team', () => {
    given(adaRemoved).when({ type: 'RevokeApiKey', keyId: 'k-grace', by: 'ada', at }).thenThrows('TEAM_ROLE_FORBIDDEN');
    given(adaRemoved)
      .when({ type: 'RotateApiKey', keyId: 'k-owner', secretHash: hash('f'), by: 'ada', at })
      .thenThrows('TEAM_ROLE_FORBIDDEN');
    expect(given(team).when({ type: 'RevokeApiKey', keyId: 'k-grace', by: 'ada', at }).events()).toHaveLength(1);
  });

  it('a member changes their own keys only; an operator (no actor) any', () => {
    given(team).when({ type: 'RevokeApiKey', keyId: 'k-owner', by: 'grace', at }).thenThrows('API_KEY_NOT_FOUND');
    expect(given(team).when({ type: 'RevokeApiKey', keyId: 'k-grace', by: 'grace', at }).events()).toHaveLength(1);
    expect(given(adaRemoved).when({ type: 'RevokeApiKey', keyId: 'k-owner', at }).events()).toHaveLength(1);
  });
});

describe('finding 2: keys per account', () => {
  it('refuses a key past maxActiveKeys active ones; revoked ones make room', () => {
    given(team)
      .when({ ...key('k4', 'owner'), maxActiveKeys: 3 } as AccountCommand)
      .thenThrows('API_KEY_LIMIT_REACHED');
    const revoked = given(team).when({ type: 'RevokeApiKey', keyId: 'k-grace', at }).events();
    expect(
      given([...team, ...revoked])
        .when({ ...key('k4', 'owner'), maxActiveKeys: 3 } as AccountCommand)
        .events(),
    ).toHaveLength(1);
  });
});
