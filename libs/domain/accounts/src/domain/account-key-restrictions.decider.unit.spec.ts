import { decidedHistory, deciderSpec } from '@lib/common/testing';
import { AccountCommand } from './account.commands';
import { accountDecider } from './account.decider';
import { AccountEvent } from './account.events';

// Issue 38, scoped keys: a key's scopes and client-address allowlist, set when it is issued and changed later.
const at = '2025-01-01T00:00:00.000Z';
const later = '2025-01-02T00:00:00.000Z';
const hash = (c: string) => c.repeat(64);
const given = deciderSpec(accountDecider);
const issue = (keyId: string, userId: string, restrictions?: object): AccountCommand => ({
  type: 'IssueApiKey',
  maxActiveKeys: 10,
  keyId,
  secretHash: hash('e'),
  label: keyId,
  userId,
  ...(restrictions ? { restrictions } : {}),
  at,
});

/** Owner and a member (grace); grace has a key with every scope. */
const team = decidedHistory(
  accountDecider,
  { type: 'OpenAccount', accountId: 'a', name: 'Team', ownerUserId: 'owner', at },
  {
    type: 'InviteMember',
    inviteId: 'i1',
    email: 'grace@example.com',
    role: 'member',
    tokenHash: hash('1'),
    expiresAt: '2025-01-08T00:00:00.000Z',
    invitedBy: 'owner',
    at,
  },
  { type: 'AcceptInvite', tokenHash: hash('1'), userId: 'grace', email: 'grace@example.com', at },
  issue('k-grace', 'grace'),
  issue('k-owner', 'owner'),
);
const restrict = (change: object, by?: string): AccountCommand => ({
  type: 'RestrictApiKey',
  keyId: 'k-grace',
  change,
  ...(by ? { by } : {}),
  at: later,
});
const changed = (
  scopes: string[] | null,
  allowedAddresses: string[] | null,
  changedBy?: string,
  monthlyCreditCap: number | null = null,
): AccountEvent => ({
  type: 'ApiKeyRestrictionsChanged',
  data: {
    accountId: 'a',
    keyId: 'k-grace',
    scopes,
    allowedAddresses,
    monthlyCreditCap,
    ...(changedBy ? { changedBy } : {}),
    changedAt: later,
  },
});

describe('account key restrictions', () => {
  describe('issuing a key', () => {
    it('records its scopes (in catalogue order, once each) and its allowlist on the issue event', () => {
      given(team)
        .when(
          issue('k2', 'grace', {
            scopes: ['jobs', 'verify', 'jobs'],
            allowedAddresses: ['203.0.113.0/24', '2001:db8::/48'],
          }),
        )
        .then([
          {
            type: 'ApiKeyIssued',
            data: expect.objectContaining({
              keyId: 'k2',
              scopes: ['verify', 'jobs'],
              allowedAddresses: ['203.0.113.0/24', '2001:db8::/48'],
            }),
          },
        ]);
    });

    it('issues a key with no limits as before: no scopes or allowlist field, so it keeps full power', () => {
      const [event] = given(team).when(issue('k2', 'grace')).events();
      expect(event.data).not.toHaveProperty('scopes');
      expect(event.data).not.toHaveProperty('allowedAddresses');
      expect(given([...team, event]).state).toMatchObject({
        keys: { k2: { restrictions: { scopes: null, allowedAddresses: null } } },
      });
    });

    it('refuses an unknown scope with INVALID_KEY_SCOPE', () => {
      given(team)
        .when(issue('k2', 'grace', { scopes: ['verify', 'admin'] }))
        .thenThrows('INVALID_KEY_SCOPE');
    });

    it.each([[['10.0.0.0/33']], [['example.com']], [['']], [['  ']], [[]]])(
      'refuses the allowlist %j with INVALID_KEY_ALLOWLIST',
      (allowedAddresses) => {
        given(team)
          .when(issue('k2', 'grace', { allowedAddresses }))
          .thenThrows('INVALID_KEY_ALLOWLIST');
      },
    );
  });

  describe('a monthly credit cap', () => {
    it('is recorded on issue and changed later; null lifts it', () => {
      const [issued] = given(team)
        .when(issue('k2', 'grace', { monthlyCreditCap: 500 }))
        .events();
      expect(issued.data).toMatchObject({ monthlyCreditCap: 500 });
      given(team)
        .when(restrict({ monthlyCreditCap: 20 }))
        .then([changed(null, null, undefined, 20)]);
      given([...team, changed(null, null, undefined, 20)])
        .when(restrict({ monthlyCreditCap: null }))
        .then([changed(null, null)]);
    });

    it('reads a change recorded before keys had caps as no cap', () => {
      const old = changed(['verify'], null);
      delete (old.data as { monthlyCreditCap?: number | null }).monthlyCreditCap;
      expect(given([...team, old]).state).toMatchObject({
        keys: { 'k-grace': { restrictions: { scopes: ['verify'], monthlyCreditCap: null } } },
      });
    });

    it.each([0, -5, 1.5, 1_000_000_001])('refuses a cap of %p with INVALID_KEY_CREDIT_CAP', (monthlyCreditCap) => {
      given(team).when(restrict({ monthlyCreditCap })).thenThrows('INVALID_KEY_CREDIT_CAP');
    });
  });

  describe('changing a key', () => {
    it('replaces the scopes and keeps the allowlist when only scopes are sent', () => {
      const withList = [...team, changed(null, ['198.51.100.7'])];
      given(withList)
        .when(restrict({ scopes: ['credits:read'] }, 'grace'))
        .then([changed(['credits:read'], ['198.51.100.7'], 'grace')]);
    });

    it('lifts a limit sent as null', () => {
      given([...team, changed(['verify'], ['198.51.100.7'])])
        .when(restrict({ allowedAddresses: null }))
        .then([changed(['verify'], null)]);
    });

    it('records nothing when the change names what the key already has', () => {
      given([...team, changed(['verify'], null)])
        .when(restrict({ scopes: ['verify', 'verify'] }))
        .then([]);
    });

    it('refuses bad scopes and allowlists as issuing does', () => {
      given(team)
        .when(restrict({ scopes: ['everything'] }))
        .thenThrows('INVALID_KEY_SCOPE');
      given(team)
        .when(restrict({ allowedAddresses: ['1.2.3.4', ''] }))
        .thenThrows('INVALID_KEY_ALLOWLIST');
    });

    it('lets a member change only their own key, and nobody change a revoked one', () => {
      given(team)
        .when({ type: 'RestrictApiKey', keyId: 'k-owner', change: { scopes: ['verify'] }, by: 'grace', at: later })
        .thenThrows('API_KEY_NOT_FOUND'); // as for a revocation: another member's key is not shown to exist
      given(team)
        .when(restrict({ scopes: ['verify'] }, 'owner'))
        .then([changed(['verify'], null, 'owner')]);
      const revoked = given(team).when({ type: 'RevokeApiKey', keyId: 'k-grace', at }).events();
      given([...team, ...revoked])
        .when(restrict({ scopes: ['verify'] }))
        .thenThrows('API_KEY_ALREADY_REVOKED');
      given(team)
        .when({ type: 'RestrictApiKey', keyId: 'nope', change: {}, at: later })
        .thenThrows('API_KEY_NOT_FOUND');
    });

    it('folds a change into the key, so the next change starts from it', () => {
      const history = [...team, changed(['verify', 'jobs'], ['203.0.113.0/24'])];
      expect(given(history).state).toMatchObject({
        keys: { 'k-grace': { restrictions: { scopes: ['verify', 'jobs'], allowedAddresses: ['203.0.113.0/24'] } } },
      });
    });
  });
});
