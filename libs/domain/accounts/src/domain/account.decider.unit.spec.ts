import { deciderSpec } from '@lib/common/testing';
import { accountDecider } from './account.decider';
import { AccountEvent } from './account.events';

// The account's API keys: opening (with or without an owner key), issuing, rotating, revoking, and
// the keys a removed member made. The team's invitations are in account-team.decider.unit.spec.ts.
const at = '2025-01-01T00:00:00.000Z';
const later = '2025-01-02T00:00:00.000Z';
const hash = (c: string) => c.repeat(64);
const given = deciderSpec(accountDecider);

const opened: AccountEvent = {
  type: 'AccountOpened',
  data: { accountId: 'a', name: 'Acme', ownerUserId: 'owner', openedAt: at },
};
const keyIssued = (keyId: string, userId?: string): AccountEvent => ({
  type: 'ApiKeyIssued',
  data: {
    accountId: 'a',
    keyId,
    secretHash: hash('1'),
    label: 'ci',
    role: 'member',
    ...(userId ? { userId } : {}),
    issuedAt: at,
  },
});

describe('account', () => {
  describe('opening', () => {
    it('opens with the owner key when one is given, and without a key for a sign-up', () => {
      given([])
        .when({
          type: 'OpenAccount',
          accountId: 'a',
          name: 'Acme',
          ownerKey: { keyId: 'k0', secretHash: hash('0') },
          at,
        })
        .then([
          { type: 'AccountOpened', data: { accountId: 'a', name: 'Acme', openedAt: at } },
          {
            type: 'ApiKeyIssued',
            data: { accountId: 'a', keyId: 'k0', secretHash: hash('0'), label: 'owner', role: 'owner', issuedAt: at },
          },
        ]);
      given([]).when({ type: 'OpenAccount', accountId: 'a', name: 'Acme', ownerUserId: 'owner', at }).then([opened]);
    });

    it('treats a retried open as a no-op, not an error', () => {
      given([opened]).when({ type: 'OpenAccount', accountId: 'a', name: 'Other', at: later }).then([]);
    });

    it('makes the signing-up user the owner', () => {
      const { state } = given([opened]);
      expect(state).toEqual({
        status: 'open',
        accountId: 'a',
        name: 'Acme',
        keys: {},
        members: { owner: 'owner' },
        invites: {},
        joinedAs: {},
      });
    });
  });

  describe('keys', () => {
    it('refuses every key command before the account is open', () => {
      given([])
        .when({ type: 'IssueApiKey', maxActiveKeys: 10, keyId: 'k1', secretHash: hash('1'), label: 'ci', at })
        .thenThrows('ACCOUNT_NOT_FOUND');
      given([]).when({ type: 'RevokeApiKey', keyId: 'k1', at }).thenThrows('ACCOUNT_NOT_FOUND');
      given([])
        .when({ type: 'RotateApiKey', keyId: 'k1', secretHash: hash('2'), at })
        .thenThrows('ACCOUNT_NOT_FOUND');
    });

    it('issues a member key that names the user who made it', () => {
      given([opened])
        .when({
          type: 'IssueApiKey',
          maxActiveKeys: 10,
          keyId: 'k1',
          secretHash: hash('1'),
          label: 'ci',
          userId: 'owner',
          at,
        })
        .then([keyIssued('k1', 'owner')]);
    });

    it('rotates and revokes an active key, and refuses an unknown or revoked one', () => {
      const history = [opened, keyIssued('k1')];
      given(history)
        .when({ type: 'RotateApiKey', keyId: 'k1', secretHash: hash('2'), at: later })
        .then([
          { type: 'ApiKeyRotated', data: { accountId: 'a', keyId: 'k1', secretHash: hash('2'), rotatedAt: later } },
        ]);
      const revoked = given(history).when({ type: 'RevokeApiKey', keyId: 'k1', at: later }).events();
      expect(revoked).toEqual([{ type: 'ApiKeyRevoked', data: { accountId: 'a', keyId: 'k1', revokedAt: later } }]);
      given([...history, ...revoked])
        .when({ type: 'RevokeApiKey', keyId: 'k1', at: later })
        .thenThrows('API_KEY_ALREADY_REVOKED');
      given([...history, ...revoked])
        .when({ type: 'RotateApiKey', keyId: 'k1', secretHash: hash('3'), at: later })
        .thenThrows('API_KEY_ALREADY_REVOKED');
      given(history).when({ type: 'RevokeApiKey', keyId: 'nope', at: later }).thenThrows('API_KEY_NOT_FOUND');
    });
  });

  describe('removing a member', () => {
    const joined: AccountEvent = {
      type: 'MemberJoined',
      data: { accountId: 'a', inviteId: 'i1', userId: 'grace', role: 'member', joinedAt: at },
    };

    it("revokes the member's active keys in the same decision, and no one else's", () => {
      const history = [
        opened,
        joined,
        keyIssued('k1', 'grace'),
        keyIssued('k2', 'grace'),
        keyIssued('k3', 'owner'),
        { type: 'ApiKeyRevoked', data: { accountId: 'a', keyId: 'k2', revokedAt: at } } as AccountEvent,
      ];
      given(history)
        .when({ type: 'RemoveMember', userId: 'grace', at: later })
        .then([
          { type: 'MemberRemoved', data: { accountId: 'a', userId: 'grace', removedAt: later } },
          { type: 'ApiKeyRevoked', data: { accountId: 'a', keyId: 'k1', revokedAt: later } },
        ]);
    });

    it('refuses to remove the owner or someone who is not a member', () => {
      given([opened]).when({ type: 'RemoveMember', userId: 'owner', at }).thenThrows('TEAM_ROLE_FORBIDDEN');
      given([opened]).when({ type: 'RemoveMember', userId: 'eve', at }).thenThrows('MEMBER_NOT_FOUND');
    });
  });
});
