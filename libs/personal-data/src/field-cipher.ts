import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DataKey } from './data-key-store.port';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'pd1';

/**
 * Personal fields sealed under one data key: `pd1.<keyId>.<iv+ciphertext+tag, base64url>`. The key id
 * names the key generation, so a scope erased and later used again never opens what was sealed before.
 * `binding` (the event's id and type) is authenticated with the data: a sealed value cannot be moved to
 * another event unnoticed.
 */
export function sealWith(key: DataKey, value: unknown, binding: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key.key, iv).setAAD(Buffer.from(binding, 'utf8'));
  const plain = Buffer.from(JSON.stringify(value), 'utf8');
  const sealed = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${key.keyId}.${sealed.toString('base64url')}`;
}

/** The key id a sealed value needs, or null when the text is not a sealed value. */
export function sealedKeyId(sealed: string): string | null {
  const [version, keyId] = sealed.split('.', 3);
  return version === VERSION && keyId ? keyId : null;
}

/** The value sealed under this key; throws when the key is not the one it was sealed with or it was tampered with. */
export function openWith(key: DataKey, sealed: string, binding: string): unknown {
  const [version, keyId, body] = sealed.split('.', 3);
  if (version !== VERSION || keyId !== key.keyId || !body) throw new Error('not sealed under this key');
  const bytes = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv(ALGORITHM, key.key, bytes.subarray(0, IV_BYTES)).setAAD(
    Buffer.from(binding, 'utf8'),
  );
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  return JSON.parse(plain.toString('utf8'));
}
