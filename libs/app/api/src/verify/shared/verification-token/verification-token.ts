import { createHash, type KeyObject, sign, verify } from 'node:crypto';
import { DomainError } from '@lib/common';

/**
 * A verification token: a compact JWS (header.payload.signature, base64url) signed with Ed25519, so the
 * form's back end can check it with the published public key alone, offline, or ask POST /v1/verify/token.
 * The header names the signing key (`kid`) for rotation and its own type, so no other JWT passes for one.
 */
export const TOKEN_TYPE = 'mailcheck-verification+jws';

/** What a token vouches for (times in seconds since the epoch, as JWT's iat/exp). */
export interface VerificationTokenClaims {
  /** The token's own id, for a back end that wants to accept each token once. */
  jti: string;
  /** The account of the publishable key that asked: the account that was charged. */
  acc: string;
  /** The publishable key that asked. */
  key: string;
  /** The address as canonicalTokenAddress gives it. */
  email: string;
  result: string;
  subResult: string | null;
  iat: number;
  exp: number;
}

/** One Ed25519 key of the token signer: its id is derived from the public key, so every replica agrees on it. */
export interface TokenKey {
  kid: string;
  publicKey: KeyObject;
}

/**
 * The address a token is bound to: trimmed, in Unicode NFC and lower case, so `Jane@Example.com` in the form
 * matches `jane@example.com` as verified. The SDKs' offline checks compute the same.
 */
export const canonicalTokenAddress = (email: string): string => email.trim().normalize('NFC').toLowerCase();

/** The id of a public key: the first 16 base64url characters of the SHA-256 of its SPKI DER. */
export function keyIdOf(publicKey: KeyObject): string {
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  return createHash('sha256').update(spki).digest('base64url').slice(0, 16);
}

export function signVerificationToken(claims: VerificationTokenClaims, kid: string, privateKey: KeyObject): string {
  const header = encode({ alg: 'EdDSA', typ: TOKEN_TYPE, kid });
  const payload = encode(claims);
  const signature = sign(null, Buffer.from(`${header}.${payload}`), privateKey).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/** What the reader of a token expects of it: the account asking (when known), the address submitted, the time. */
export interface TokenExpectation {
  accountId?: string;
  email?: string;
  nowMs: number;
}

/**
 * The claims of a token signed by one of `keys`, or a refusal with a stable code: 1121 malformed, forged,
 * tampered or signed by an unknown key; 1122 expired; 1123 issued to another account; 1124 for another address.
 * The signature is checked first, so nothing a forger wrote is read as a fact.
 */
export function readVerificationToken(
  token: string,
  keys: TokenKey[],
  expected: TokenExpectation,
): VerificationTokenClaims {
  const invalid = (why: string) => new DomainError('VERIFICATION_TOKEN_INVALID', `Verification token ${why}.`);
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part)))
    throw invalid('is not three base64url parts');
  const header = decode(parts[0]);
  if (header?.alg !== 'EdDSA' || header.typ !== TOKEN_TYPE) throw invalid('is not a verification token');
  const key = keys.find((candidate) => candidate.kid === header.kid);
  if (!key) throw invalid('was signed by a key this service does not know');
  if (!verify(null, Buffer.from(`${parts[0]}.${parts[1]}`), key.publicKey, Buffer.from(parts[2], 'base64url')))
    throw invalid('has a signature that does not match its content');
  const claims = decode(parts[1]) as unknown as VerificationTokenClaims | null;
  if (!claims || typeof claims.exp !== 'number' || typeof claims.email !== 'string' || typeof claims.acc !== 'string')
    throw invalid('carries no claims');
  if (expected.nowMs >= claims.exp * 1000)
    throw new DomainError('VERIFICATION_TOKEN_EXPIRED', undefined, undefined, {
      expiredAt: new Date(claims.exp * 1000).toISOString(),
    });
  if (expected.accountId !== undefined && claims.acc !== expected.accountId)
    throw new DomainError('VERIFICATION_TOKEN_OTHER_ACCOUNT');
  if (expected.email !== undefined && canonicalTokenAddress(expected.email) !== claims.email)
    throw new DomainError('VERIFICATION_TOKEN_OTHER_ADDRESS');
  return claims;
}

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

function decode(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
