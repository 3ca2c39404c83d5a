import type { Principal } from '@lib/accounts';
import { DomainError } from '@lib/common';
import { enforceKeyOrigin } from './key-origin';

const publishable = (allowedOrigins: string[]): Principal => ({
  keyId: 'k',
  accountId: 'a',
  role: 'member',
  kind: 'publishable',
  restrictions: { scopes: ['verify'], allowedAddresses: null, allowedOrigins, monthlyCreditCap: null },
});
const refusal = (principal: Principal, origin: unknown) => {
  try {
    return enforceKeyOrigin(principal, origin);
  } catch (error) {
    return (error as DomainError).code;
  }
};

describe('a publishable key’s origin', () => {
  const key = publishable(['https://shop.example', 'http://localhost:8080', 'https://*.forms.example']);

  it('passes a listed origin, and a subdomain of a wildcard one, returning it for CORS', () => {
    expect(refusal(key, 'https://shop.example')).toBe('https://shop.example');
    expect(refusal(key, 'http://localhost:8080')).toBe('http://localhost:8080');
    expect(refusal(key, 'https://a.b.forms.example')).toBe('https://a.b.forms.example');
  });

  it('refuses (1120) another scheme, port or host, the bare wildcard domain, a lookalike and "null"', () => {
    for (const origin of [
      'http://shop.example',
      'https://shop.example:8443',
      'https://evil.example',
      'https://forms.example',
      'https://evilforms.example',
      'https://shop.example.evil.example',
      'http://localhost:8081',
      'null',
    ])
      expect({ origin, code: refusal(key, origin) }).toEqual({ origin, code: 1120 });
  });

  it('refuses (1120) a missing Origin, or one repeated into a list', () => {
    expect(refusal(key, undefined)).toBe(1120);
    expect(refusal(key, '')).toBe(1120);
    expect(refusal(key, ['https://shop.example'])).toBe(1120);
  });
});
