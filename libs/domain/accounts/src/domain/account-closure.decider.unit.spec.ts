import { deciderSpec } from '@lib/common/testing';
import { AccountCommand } from './account.commands';
import { accountDecider } from './account.decider';
import { AccountEvent } from './account.events';

const at = '2025-01-01T00:00:00.000Z';
const later = '2025-01-03T00:00:00.000Z';
const hash = 'ab'.repeat(32);

const history: AccountEvent[] = [
  { type: 'AccountOpened', data: { accountId: 'a', name: 'Engines Ltd', ownerUserId: 'owner', openedAt: at } },
  {
    type: 'ApiKeyIssued',
    data: { accountId: 'a', keyId: 'k1', secretHash: hash, label: 'l', role: 'member', userId: 'owner', issuedAt: at },
  },
  {
    type: 'ApiKeyIssued',
    data: { accountId: 'a', keyId: 'k2', secretHash: hash, label: 'l', role: 'member', issuedAt: at },
  },
  { type: 'ApiKeyRevoked', data: { accountId: 'a', keyId: 'k2', revokedAt: at } },
  {
    type: 'MemberInvited',
    data: {
      accountId: 'a',
      inviteId: 'i1',
      email: 'grace@example.com',
      role: 'admin',
      tokenHash: hash,
      expiresAt: '2025-01-08T00:00:00.000Z',
      invitedBy: 'owner',
      invitedAt: at,
    },
  },
  { type: 'MemberJoined', data: { accountId: 'a', inviteId: 'i1', userId: 'grace', role: 'admin', joinedAt: at } },
  {
    type: 'MemberInvited',
    data: {
      accountId: 'a',
      inviteId: 'i2',
      email: 'alan@example.com',
      role: 'member',
      tokenHash: 'cd'.repeat(32),
      expiresAt: '2025-01-08T00:00:00.000Z',
      invitedBy: 'grace',
      invitedAt: at,
    },
  },
];

const given = deciderSpec(accountDecider);
const close = (by = 'owner', teamName = ' Engines Ltd '): AccountCommand => ({
  type: 'CloseAccount',
  by,
  teamName,
  at: later,
});

describe('closing an account', () => {
  it('revokes the keys still active, removes the other members and withdraws pending invitations, then closes', () => {
    given(history)
      .when(close())
      .then([
        { type: 'ApiKeyRevoked', data: { accountId: 'a', keyId: 'k1', revokedAt: later } },
        { type: 'MemberRemoved', data: { accountId: 'a', userId: 'grace', removedAt: later } },
        {
          type: 'InviteRevoked',
          data: {
            accountId: 'a',
            inviteId: 'i2',
            email: 'alan@example.com',
            reason: 'account_closed',
            revokedBy: 'owner',
            revokedAt: later,
          },
        },
        { type: 'AccountClosed', data: { accountId: 'a', closedBy: 'owner', closedAt: later } },
      ]);
  });

  it('is the owner’s alone: an admin is refused with ACCOUNT_CLOSE_OWNER_ONLY', () => {
    given(history).when(close('grace')).thenThrows('ACCOUNT_CLOSE_OWNER_ONLY');
    given(history).when(close('stranger')).thenThrows('ACCOUNT_CLOSE_OWNER_ONLY');
  });

  it('needs the team’s name typed', () => {
    given(history).when(close('owner', 'Engines')).thenThrows('ACCOUNT_CLOSE_NAME_MISMATCH');
  });

  describe('once closed', () => {
    const closed = [...history, ...given(history).when(close()).events()];

    it('records nothing when asked to close again', () => {
      given(closed).when(close()).then([]);
    });

    it('refuses every other command with ACCOUNT_CLOSED', () => {
      given(closed)
        .when({ type: 'IssueApiKey', maxActiveKeys: 10, keyId: 'k3', secretHash: hash, label: 'l', at: later })
        .thenThrows('ACCOUNT_CLOSED');
      given(closed).when({ type: 'RevokeApiKey', keyId: 'k1', at: later }).thenThrows('ACCOUNT_CLOSED');
    });
  });
});
