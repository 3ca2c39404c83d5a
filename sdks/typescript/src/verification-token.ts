import { createPublicKey, verify } from 'node:crypto';

/**
 * The offline check of a verification token (what a publishable key's answer carries and a sign-up form posts):
 * a compact JWS signed with Ed25519 by one of the service's keys (GET /v1/verify/token/keys, a JSON Web Key
 * Set). Same rules and codes as POST /v1/verify/token, with no call: docs/sign-up-forms.md. Its own entry
 * (`mailcheck/tokens`), like the webhook check: it needs node:crypto, and the main entry stays browser-safe.
 */
export const TOKEN_TYPE = 'mailcheck-verification+jws';

/** One of the service's token keys, as GET /v1/verify/token/keys lists them. */
export interface TokenPublicKey {
  kid: string;
  kty: string;
  crv: string;
  x: string;
}

/** What a valid token vouches for (times in seconds since the epoch). */
export interface VerificationTokenClaims {
  jti: string;
  /** The account charged for the verification. */
  acc: string;
  /** The publishable key that asked. */
  key: string;
  /** The address, trimmed and lower-cased. */
  email: string;
  result: string;
  subResult: string | null;
  iat: number;
  exp: number;
}

export interface VerifyTokenOptions {
  /** The address the form submitted beside the token. */
  email: string;
  /** The service's token keys (`(await client.tokens.keys()).keys`), kept by your back end. */
  keys: TokenPublicKey[];
  /**
   * Your publishable keys (the `mck_pub_…` strings in your pages, or their ids): a token of any other key is
   * refused (1123). Give this or `accountId`, so another site's tokens never pass for yours.
   */
  publishableKeys?: string[];
  /** Your account id: a token of another account is refused (1123). */
  accountId?: string;
  /** Seconds since the epoch; default now. */
  nowSeconds?: number;
}

/** A refused token, with the service's code: 1121 invalid or forged, 1122 expired, 1123 another account's or key's, 1124 another address. */
export class VerificationTokenError extends Error {
  override readonly name = 'VerificationTokenError';
  constructor(
    readonly code: 1121 | 1122 | 1123 | 1124,
    message: string,
  ) {
    super(message);
  }
}

/** The address as tokens bind it: trimmed, in Unicode NFC, lower case. */
export const canonicalTokenAddress = (email: string): string => email.trim().normalize('NFC').toLowerCase();

/** The id of a publishable key (`mck_pub_<id>_<secret>`), or the string itself when it is an id already. */
const keyIdOf = (key: string): string => /^mck_pub_([0-9a-f]+)_/.exec(key)?.[1] ?? key;

/** Checks a token offline; returns what it vouches for, or throws VerificationTokenError. */
export function verifyVerificationToken(token: string, options: VerifyTokenOptions): VerificationTokenClaims {
  if (!options.publishableKeys?.length && !options.accountId)
    throw new TypeError('verifyVerificationToken needs publishableKeys or accountId: whose tokens to accept');
  const invalid = (why: string) => new VerificationTokenError(1121, `verification token ${why}`);
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]+$/.test(part)))
    throw invalid('is not three base64url parts');
  const header = decode(parts[0]);
  if (header?.alg !== 'EdDSA' || header.typ !== TOKEN_TYPE) throw invalid('is not a verification token');
  const jwk = options.keys.find((key) => key.kid === header.kid && key.kty === 'OKP' && key.crv === 'Ed25519');
  if (!jwk) throw invalid('was signed by a key not in `keys` (fetch them again after a rotation)');
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
  if (!verify(null, Buffer.from(`${parts[0]}.${parts[1]}`), publicKey, Buffer.from(parts[2], 'base64url')))
    throw invalid('has a signature that does not match its content');
  const claims = decode(parts[1]) as unknown as VerificationTokenClaims | null;
  if (!claims || typeof claims.exp !== 'number' || typeof claims.email !== 'string') throw invalid('carries no claims');
  if ((options.nowSeconds ?? Date.now() / 1000) >= claims.exp)
    throw new VerificationTokenError(1122, 'verification token expired');
  if (options.accountId !== undefined && claims.acc !== options.accountId)
    throw new VerificationTokenError(1123, 'verification token of another account');
  if (options.publishableKeys?.length && !options.publishableKeys.map(keyIdOf).includes(claims.key))
    throw new VerificationTokenError(1123, 'verification token of another publishable key');
  if (canonicalTokenAddress(options.email) !== claims.email)
    throw new VerificationTokenError(1124, 'verification token for another address');
  return claims;
}

function decode(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
