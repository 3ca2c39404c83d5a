import { deciderSpec } from '@lib/common/testing';
import { AccountCommand } from './account.commands';
import { accountDecider } from './account.decider';
import { AccountEvent } from './account.events';

const at = '2025-01-01T00:00:00.000Z';
const days = (n: number) => new Date(Date.parse(at) + n * 86_400_000).toISOString();
const hash = 'ab'.repeat(32);

const history: AccountEvent[] = [
  { type: 'AccountOpened', data: { accountId: 'a', name: 'Team', ownerUserId: 'owner', openedAt: at } },
  {
    type: 'MemberInvited',
    data: {
      accountId: 'a',
      inviteId: 'i1',
      email: 'grace@example.com',
      role: 'member',
      tokenHash: hash,
      expiresAt: days(7),
      invitedBy: 'owner',
      invitedAt: at,
    },
  },
];

const given = deciderSpec(accountDecider);
const accept = (when: string, email = 'grace@example.com'): AccountCommand => ({
  type: 'AcceptInvite',
  tokenHash: hash,
  userId: 'grace',
  email,
  at: when,
});

describe('team account', () => {
  describe('an invitation', () => {
    it('lets the invited address join with the invited role within 7 days', () => {
      given(history)
        .when(accept(days(6)))
        .then([
          {
            type: 'MemberJoined',
            data: { accountId: 'a', inviteId: 'i1', userId: 'grace', role: 'member', joinedAt: days(6) },
          },
        ]);
    });

    it('is refused after 7 days, for another address, and a second time', () => {
      given(history)
        .when(accept(days(7)))
        .thenThrows('INVALID_TOKEN');
      given(history)
        .when(accept(days(1), 'eve@example.com'))
        .thenThrows('INVALID_TOKEN');
      const joined = given(history)
        .when(accept(days(1)))
        .events();
      given([...history, ...joined])
        .when(accept(days(2)))
        .thenThrows('INVALID_TOKEN');
    });
  });

  describe('removing a member', () => {
    it("revokes every active key the member made in the same decision, and nobody else's", () => {
      const joined = given(history)
        .when(accept(days(1)))
        .events();
      const keys: AccountEvent[] = [
        {
          type: 'ApiKeyIssued',
          data: {
            accountId: 'a',
            keyId: 'k1',
            secretHash: hash,
            label: 'g1',
            role: 'member',
            userId: 'grace',
            issuedAt: at,
          },
        },
        {
          type: 'ApiKeyIssued',
          data: {
            accountId: 'a',
            keyId: 'k2',
            secretHash: hash,
            label: 'o',
            role: 'member',
            userId: 'owner',
            issuedAt: at,
          },
        },
        {
          type: 'ApiKeyIssued',
          data: {
            accountId: 'a',
            keyId: 'k3',
            secretHash: hash,
            label: 'g2',
            role: 'member',
            userId: 'grace',
            issuedAt: at,
          },
        },
        { type: 'ApiKeyRevoked', data: { accountId: 'a', keyId: 'k3', revokedAt: at } },
      ];
      const events = given([...history, ...joined, ...keys])
        .when({ type: 'RemoveMember', userId: 'grace', at })
        .events();
      expect(events.map((e) => [e.type, (e.data as { keyId?: string }).keyId])).toEqual([
        ['MemberRemoved', undefined],
        ['ApiKeyRevoked', 'k1'],
      ]);
    });

    it('refuses to remove the owner or someone not in the team', () => {
      given(history).when({ type: 'RemoveMember', userId: 'owner', at }).thenThrows('TEAM_ROLE_FORBIDDEN');
      given(history).when({ type: 'RemoveMember', userId: 'nobody', at }).thenThrows('MEMBER_NOT_FOUND');
    });
  });
});
