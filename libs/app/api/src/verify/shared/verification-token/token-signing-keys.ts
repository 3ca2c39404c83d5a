import * as fs from 'node:fs';
import * as path from 'node:path';
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { AppConfig } from '@lib/config';
import { keyIdOf, type TokenKey } from './verification-token';

/** The key that signs new tokens, and every key whose tokens are still accepted (it first). */
export interface TokenSigningKeys {
  signing: TokenKey & { privateKey: KeyObject };
  accepted: TokenKey[];
}

/** Where an embedded installation keeps the key it generated (base64 PKCS#8 DER, like the variable). */
export const generatedKeyFile = (dataDir: string): string => path.join(dataDir, 'verification-token-key');

/**
 * VERIFICATION_TOKEN_SIGNING_KEY when set (required in production: every replica signs with it); otherwise
 * the key generated once in DATA_DIR, whose lock makes this the only api process, so it never differs
 * between the process that signs a token and the one that checks it.
 */
export function loadTokenSigningKeys(config: Pick<AppConfig, 'dataDir' | 'verificationToken'>): TokenSigningKeys {
  const raw = config.verificationToken.signingKey ?? generatedKey(config.dataDir);
  const privateKey = createPrivateKey({ key: Buffer.from(raw, 'base64'), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  const signing = { kid: keyIdOf(publicKey), publicKey, privateKey };
  const retired = config.verificationToken.retiredPublicKeys.map((text) => {
    const key = createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
    return { kid: keyIdOf(key), publicKey: key };
  });
  return { signing, accepted: [signing, ...retired.filter((key) => key.kid !== signing.kid)] };
}

function generatedKey(dataDir: string): string {
  const file = generatedKeyFile(dataDir);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const { privateKey } = generateKeyPairSync('ed25519');
  const text = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  fs.mkdirSync(dataDir, { recursive: true });
  // wx: never overwrite a key written meanwhile; 0600: the private key is the data dir owner's alone.
  try {
    fs.writeFileSync(file, `${text}\n`, { flag: 'wx', mode: 0o600 });
    return text;
  } catch {
    return fs.readFileSync(file, 'utf8').trim();
  }
}
