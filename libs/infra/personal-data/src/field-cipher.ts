import { createCipheriv, createDecipheriv, hkdfSync } from 'node:crypto';
import type { DataKey } from './data-key-store.port';
import { publicRandomBytes } from './public-random';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'pd1';

/**
 * The key that seals under several data keys at once: derived (HKDF-SHA256) from all of them, so destroying
 * any one (the job's, the day's, the address's) makes the value unreadable, at the cost of one cipher pass.
 * Exported for a caller that seals or opens many values under the same keys (derive once, pass it along).
 */
export function sealingKey(keys: DataKey[]): Buffer {
  const material = Buffer.concat(keys.map((key) => key.key));
  return Buffer.from(hkdfSync('sha256', material, Buffer.alloc(0), VERSION, 32));
}

/**
 * A value sealed under one or more data keys: `pd1.<keyId>[+<keyId>...].<iv+ciphertext+tag, base64url>`. The
 * key ids name key generations, so a scope erased and used again never opens what was sealed before.
 * `binding` (where the value belongs: the event's stream and type) is authenticated with it: a sealed value
 * moved elsewhere does not open.
 */
export function sealWith(keys: DataKey[], value: unknown, binding: string): string {
  return sealTextWith(keys, JSON.stringify(value), binding);
}

/** sealWith for a value already in JSON (`text`); `derived`: sealingKey(keys), when the caller has it. */
export function sealTextWith(keys: DataKey[], text: string, binding: string, derived?: Buffer): string {
  if (keys.length === 0) throw new Error('sealing needs at least one data key');
  const iv = publicRandomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, derived ?? sealingKey(keys), iv).setAAD(Buffer.from(binding, 'utf8'));
  const plain = Buffer.from(text, 'utf8');
  const sealed = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${keys.map((key) => key.keyId).join('+')}.${sealed.toString('base64url')}`;
}

/** The key ids a sealed value needs, in order, or null when the text is not a sealed value. */
export function sealedKeyIds(sealed: string): string[] | null {
  const [version, keyIds, body] = sealed.split('.', 3);
  return version === VERSION && keyIds && body ? keyIds.split('+') : null;
}

/** The value sealed under these keys (in the order sealedKeyIds names them); throws on any mismatch or tampering. */
export function openWith(keys: DataKey[], sealed: string, binding: string): unknown {
  return JSON.parse(openTextWith(keys, sealed, binding));
}

/** openWith, answering the value's JSON text; `derived`: sealingKey(keys), when the caller has it. */
export function openTextWith(keys: DataKey[], sealed: string, binding: string, derived?: Buffer): string {
  const [, , body] = sealed.split('.', 3);
  const ids = sealedKeyIds(sealed);
  if (!ids || ids.join('+') !== keys.map((key) => key.keyId).join('+')) throw new Error('not sealed under these keys');
  const bytes = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv(ALGORITHM, derived ?? sealingKey(keys), bytes.subarray(0, IV_BYTES)).setAAD(
    Buffer.from(binding, 'utf8'),
  );
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  return plain.toString('utf8');
}
