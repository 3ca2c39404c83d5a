import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { EnvReader } from '../env-parsers';

/**
 * The Ed25519 keypair that signs the verification tokens of publishable answers. signingKey: base64 of
 * the PKCS#8 DER private key (null: generated once in DATA_DIR, refused under NODE_ENV=production,
 * as every api replica must sign with the same key). retiredPublicKeys: base64 SPKI DER public keys still
 * accepted (and published) during a rotation. ttlSeconds: how long a token is valid.
 */
export interface VerificationTokenConfig {
  signingKey: string | null;
  retiredPublicKeys: string[];
  ttlSeconds: number;
}

/**
 * VERIFICATION_TOKEN_*: the Ed25519 key that signs publishable answers' verification tokens, the public keys
 * of retired ones still accepted during a rotation, and the tokens' lifetime. Every api replica must sign
 * with one key (a token issued by one is checked by another), so production requires it to be set; elsewhere
 * an unset key is generated once in DATA_DIR. Read by every role, required only where the api runs.
 */
export function readVerificationToken(
  r: EnvReader,
  production: boolean,
  roles: readonly string[],
): VerificationTokenConfig {
  const signingKey = r.checked('VERIFICATION_TOKEN_SIGNING_KEY', (raw) =>
    keyProblem('VERIFICATION_TOKEN_SIGNING_KEY', () =>
      createPrivateKey({ key: Buffer.from(raw, 'base64'), format: 'der', type: 'pkcs8' }),
    ),
  );
  const retiredPublicKeys = r.list('VERIFICATION_TOKEN_RETIRED_PUBLIC_KEYS') ?? [];
  for (const raw of retiredPublicKeys) {
    const problem = keyProblem('VERIFICATION_TOKEN_RETIRED_PUBLIC_KEYS', () =>
      createPublicKey({ key: Buffer.from(raw, 'base64'), format: 'der', type: 'spki' }),
    );
    if (problem) r.problems.push(problem);
  }
  if (signingKey === null && production && roles.includes('api'))
    r.problems.push(
      'VERIFICATION_TOKEN_SIGNING_KEY is required under NODE_ENV=production, the same on every api replica: ' +
        'openssl genpkey -algorithm ed25519 -outform DER | base64 -w0',
    );
  return { signingKey, retiredPublicKeys, ttlSeconds: r.int('VERIFICATION_TOKEN_TTL_SECONDS', 900, 60, 86_400) };
}

function keyProblem(name: string, parse: () => { asymmetricKeyType?: string }): string | null {
  try {
    if (parse().asymmetricKeyType === 'ed25519') return null;
  } catch {
    // not DER at all: the same answer as another algorithm's key
  }
  return `${name} must be base64 of an Ed25519 key in DER (openssl genpkey -algorithm ed25519 -outform DER | base64 -w0)`;
}
