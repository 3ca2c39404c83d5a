import { generateKeyPairSync } from 'node:crypto';
import { DomainError } from '@lib/common';
import {
  canonicalTokenAddress,
  keyIdOf,
  readVerificationToken,
  signVerificationToken,
  type VerificationTokenClaims,
} from './verification-token';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, publicKey, kid: keyIdOf(publicKey) };
};
const signer = pair();
const claims: VerificationTokenClaims = {
  jti: 'tok-1',
  acc: 'acc-1',
  key: 'key-1',
  email: 'jane@example.com',
  result: 'ok',
  subResult: 'ok',
  iat: NOW / 1000,
  exp: NOW / 1000 + 900,
};
const token = signVerificationToken(claims, signer.kid, signer.privateKey);
const keys = [{ kid: signer.kid, publicKey: signer.publicKey }];
const codeOf = (run: () => unknown): number | null => {
  try {
    run();
    return null;
  } catch (error) {
    return (error as DomainError).code;
  }
};

describe('verification token', () => {
  describe('when fresh, signed by a known key, for the account and the address', () => {
    it('yields its claims', () => {
      expect(readVerificationToken(token, keys, { accountId: 'acc-1', email: 'jane@example.com', nowMs: NOW })).toEqual(
        claims,
      );
    });

    it('matches the address trimmed, in NFC and lower case', () => {
      expect(canonicalTokenAddress('  Jane@EXAMPLE.com\t')).toBe('jane@example.com');
      expect(canonicalTokenAddress('Jose\u0301@example.com')).toBe('jos\u00e9@example.com');
      expect(readVerificationToken(token, keys, { email: ' JANE@example.com ', nowMs: NOW }).email).toBe(
        'jane@example.com',
      );
    });

    it('is still accepted when its key is retired but listed', () => {
      const next = pair();
      expect(codeOf(() => readVerificationToken(token, [next, ...keys], { nowMs: NOW }))).toBeNull();
    });
  });

  describe('refuses with a stable code', () => {
    it('an altered payload, signature or header (1121)', () => {
      const [header, payload, signature] = token.split('.');
      const altered = Buffer.from(JSON.stringify({ ...claims, result: 'invalid' })).toString('base64url');
      expect(codeOf(() => readVerificationToken(`${header}.${altered}.${signature}`, keys, { nowMs: NOW }))).toBe(1121);
      const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
      expect(codeOf(() => readVerificationToken(`${header}.${payload}.${flipped}`, keys, { nowMs: NOW }))).toBe(1121);
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'mailcheck-verification+jws', kid: signer.kid }));
      expect(
        codeOf(() =>
          readVerificationToken(`${none.toString('base64url')}.${payload}.${signature}`, keys, { nowMs: NOW }),
        ),
      ).toBe(1121);
    });

    it('a token signed by a key it does not know (1121)', () => {
      const forger = pair();
      const forged = signVerificationToken(claims, forger.kid, forger.privateKey);
      expect(codeOf(() => readVerificationToken(forged, keys, { nowMs: NOW }))).toBe(1121);
      const posing = signVerificationToken(claims, signer.kid, forger.privateKey);
      expect(codeOf(() => readVerificationToken(posing, keys, { nowMs: NOW }))).toBe(1121);
    });

    it('anything that is not a token (1121)', () => {
      for (const junk of ['', 'a.b', 'a.b.c', `${token}.x`, 'é.é.é'])
        expect({ junk, code: codeOf(() => readVerificationToken(junk, keys, { nowMs: NOW })) }).toEqual({
          junk,
          code: 1121,
        });
    });

    it('an expired token, from its exp on (1122)', () => {
      expect(codeOf(() => readVerificationToken(token, keys, { nowMs: NOW + 899_999 }))).toBeNull();
      expect(codeOf(() => readVerificationToken(token, keys, { nowMs: NOW + 900_000 }))).toBe(1122);
    });

    it("another account's token (1123) and a token for another address (1124)", () => {
      expect(codeOf(() => readVerificationToken(token, keys, { accountId: 'acc-2', nowMs: NOW }))).toBe(1123);
      expect(codeOf(() => readVerificationToken(token, keys, { email: 'john@example.com', nowMs: NOW }))).toBe(1124);
    });
  });
});
