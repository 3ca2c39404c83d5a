import { decidedHistory, deciderSpec } from '@lib/common/testing';
import { AccountCommand } from './account.commands';
import { accountDecider } from './account.decider';
import { originAllowed, requireOrigins } from './key-origins';

// Issue 38: live, test and publishable keys; a publishable key carries the web origins it works from.
const at = '2025-01-01T00:00:00.000Z';
const later = '2025-01-02T00:00:00.000Z';
const given = deciderSpec(accountDecider);
const opened = decidedHistory(accountDecider, {
  type: 'OpenAccount',
  accountId: 'a',
  name: 'Team',
  ownerUserId: 'owner',
  at,
});
const issue = (kind: string | undefined, restrictions?: object): AccountCommand => ({
  type: 'IssueApiKey',
  maxActiveKeys: 10,
  keyId: 'k1',
  secretHash: 'e'.repeat(64),
  label: 'form',
  userId: 'owner',
  ...(kind !== undefined ? { kind } : {}),
  ...(restrictions ? { restrictions } : {}),
  at,
});
const issued = (extra: object) => ({
  type: 'ApiKeyIssued',
  data: {
    accountId: 'a',
    keyId: 'k1',
    secretHash: 'e'.repeat(64),
    label: 'form',
    role: 'member',
    userId: 'owner',
    ...extra,
    issuedAt: at,
  },
});

describe('account decider: key kinds', () => {
  it('issues a live key with no kind field, as every key before kinds was', () => {
    given(opened)
      .when(issue(undefined))
      .then([issued({})]);
    given(opened)
      .when(issue('live'))
      .then([issued({})]);
  });

  it('issues a test key marked as one, with scopes and a cap like a live key', () => {
    given(opened)
      .when(issue('test', { scopes: ['verify'], monthlyCreditCap: 100 }))
      .then([issued({ kind: 'test', scopes: ['verify'], monthlyCreditCap: 100 })]);
  });

  it('issues a publishable key with its origins and the verify scope only', () => {
    given(opened)
      .when(issue('publishable', { allowedOrigins: ['https://shop.example.com', 'http://localhost:3000'] }))
      .then([
        issued({
          kind: 'publishable',
          scopes: ['verify'],
          allowedOrigins: ['https://shop.example.com', 'http://localhost:3000'],
        }),
      ]);
  });

  it('refuses an unknown kind with 1115', () => {
    given(opened).when(issue('secret')).thenThrows('INVALID_KEY_KIND');
  });

  it('refuses a publishable key without origins, with an IP allowlist or with another scope', () => {
    given(opened).when(issue('publishable')).thenThrows('INVALID_KEY_ORIGIN');
    given(opened)
      .when(issue('publishable', { allowedOrigins: ['https://a.example'], allowedAddresses: ['203.0.113.0/24'] }))
      .thenThrows('INVALID_KEY_ALLOWLIST');
    given(opened)
      .when(issue('publishable', { allowedOrigins: ['https://a.example'], scopes: ['verify', 'jobs'] }))
      .thenThrows('INVALID_KEY_SCOPE');
  });

  it('refuses origins on a live or a test key', () => {
    for (const kind of ['live', 'test'])
      given(opened)
        .when(issue(kind, { allowedOrigins: ['https://a.example'] }))
        .thenThrows('INVALID_KEY_ORIGIN');
  });

  it("changes a publishable key's origins, and refuses to lift them", () => {
    const history = decidedHistory(
      accountDecider,
      { type: 'OpenAccount', accountId: 'a', name: 'Team', ownerUserId: 'owner', at },
      issue('publishable', { allowedOrigins: ['https://a.example'] }),
    );
    given(history)
      .when({ type: 'RestrictApiKey', keyId: 'k1', change: { allowedOrigins: ['https://b.example'] }, at: later })
      .then([
        {
          type: 'ApiKeyRestrictionsChanged',
          data: {
            accountId: 'a',
            keyId: 'k1',
            scopes: ['verify'],
            allowedAddresses: null,
            monthlyCreditCap: null,
            allowedOrigins: ['https://b.example'],
            changedAt: later,
          },
        },
      ]);
    given(history)
      .when({ type: 'RestrictApiKey', keyId: 'k1', change: { allowedOrigins: null }, at: later })
      .thenThrows('INVALID_KEY_ORIGIN');
  });
});

describe('key origins', () => {
  it('keeps scheme, host and port, lower-cased, once each', () => {
    expect(requireOrigins(['https://Shop.Example.com', 'https://shop.example.com', 'http://localhost:8080'])).toEqual([
      'https://shop.example.com',
      'http://localhost:8080',
    ]);
    expect(requireOrigins(['https://*.example.com'])).toEqual(['https://*.example.com']);
  });

  it.each([
    ['a path', 'https://example.com/signup'],
    ['a trailing slash', 'https://example.com/'],
    ['a query', 'https://example.com?x=1'],
    ['another scheme', 'ftp://example.com'],
    ['credentials', 'https://user:pw@example.com'],
    ['no scheme', 'example.com'],
    ['nothing', ' '],
  ])('refuses an origin with %s', (_why, origin) => {
    expect(() => requireOrigins([origin])).toThrow(expect.objectContaining({ errorName: 'INVALID_KEY_ORIGIN' }));
  });

  it('matches a browser Origin exactly, and a wildcard against subdomains only', () => {
    const allowed = ['https://shop.example.com', 'https://*.example.org'];
    expect(originAllowed('https://shop.example.com', allowed)).toBe(true);
    expect(originAllowed('http://shop.example.com', allowed)).toBe(false);
    expect(originAllowed('https://shop.example.com:8443', allowed)).toBe(false);
    expect(originAllowed('https://evil-shop.example.com', allowed)).toBe(false);
    expect(originAllowed('https://a.b.example.org', allowed)).toBe(true);
    expect(originAllowed('https://example.org', allowed)).toBe(false);
    expect(originAllowed('https://example.org.evil.com', allowed)).toBe(false);
    expect(originAllowed('null', allowed)).toBe(false);
  });
});
