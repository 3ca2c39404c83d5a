import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig } from '../load-config';

const ed25519 = generateKeyPairSync('ed25519');
const SIGNING_KEY = ed25519.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
const PUBLIC_KEY = ed25519.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
const RSA_KEY = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .privateKey.export({ format: 'der', type: 'pkcs8' })
  .toString('base64');

// Production's other required secret (issue 39's master key) is given, so these cases are about the signing key.
const MASTER_KEY = Buffer.alloc(32, 5).toString('base64');
const problemsOf = (env: Record<string, string>, roles: Array<'api' | 'worker' | 'projector'> = ['api']): string[] => {
  try {
    loadConfig({ DATA_MASTER_KEY: MASTER_KEY, ...env }, roles);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('the verification tokens’ signing key', () => {
  it('is required where the api runs under NODE_ENV=production, naming the variable', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^VERIFICATION_TOKEN_SIGNING_KEY is required/),
    ]);
    expect(problemsOf({ NODE_ENV: 'production', VERIFICATION_TOKEN_SIGNING_KEY: SIGNING_KEY })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production' }, ['worker', 'projector'])).toEqual([]);
  });

  it('may be unset elsewhere (generated in DATA_DIR), with a 15-minute lifetime by default', () => {
    expect(loadConfig({}, ['api']).verificationToken).toEqual({
      signingKey: null,
      retiredPublicKeys: [],
      ttlSeconds: 900,
    });
  });

  it('must be an Ed25519 private key, and retired keys Ed25519 public keys, in base64 DER', () => {
    expect(problemsOf({ VERIFICATION_TOKEN_SIGNING_KEY: RSA_KEY })).toEqual([
      expect.stringMatching(/^VERIFICATION_TOKEN_SIGNING_KEY must be base64 of an Ed25519 key/),
    ]);
    expect(problemsOf({ VERIFICATION_TOKEN_SIGNING_KEY: 'not a key' })).toHaveLength(1);
    expect(problemsOf({ VERIFICATION_TOKEN_SIGNING_KEY: PUBLIC_KEY })).toHaveLength(1);
    expect(problemsOf({ VERIFICATION_TOKEN_RETIRED_PUBLIC_KEYS: `${PUBLIC_KEY},${SIGNING_KEY}` })).toEqual([
      expect.stringMatching(/^VERIFICATION_TOKEN_RETIRED_PUBLIC_KEYS must be/),
    ]);
    expect(
      loadConfig({ VERIFICATION_TOKEN_SIGNING_KEY: SIGNING_KEY, VERIFICATION_TOKEN_RETIRED_PUBLIC_KEYS: PUBLIC_KEY }, [
        'api',
      ]).verificationToken,
    ).toEqual({ signingKey: SIGNING_KEY, retiredPublicKeys: [PUBLIC_KEY], ttlSeconds: 900 });
  });
});
