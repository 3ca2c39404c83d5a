import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { publicRandomBytes } from './public-random';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 256-bit master key and the short id stored beside what it wraps, so rotation knows which one did. */
export interface MasterKey {
  id: string;
  key: Buffer;
}

/** A master key's id: the first 8 hex of its SHA-256, so two processes name the same key alike without config. */
export function masterKeyOf(key: Buffer): MasterKey {
  if (key.length !== 32) throw new Error(`a master key is 32 bytes (base64 of 32 random bytes), got ${key.length}`);
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

/**
 * The master keys that wrap every data key at rest: `current` wraps new ones; `previous` still unwraps keys
 * wrapped before a rotation, until `rewrap` (docs/personal-data.md, rotation) has moved them all.
 */
export class MasterKeys {
  private readonly byId: Map<string, MasterKey>;

  constructor(
    readonly current: MasterKey,
    previous: MasterKey[] = [],
  ) {
    this.byId = new Map([...previous, current].map((key) => [key.id, key]));
  }

  /** Wraps a data key; the scope and key id are bound in as associated data, so a wrapped key cannot be moved. */
  wrap(dataKey: Buffer, binding: string): { masterKeyId: string; wrapped: string } {
    const iv = publicRandomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.current.key, iv).setAAD(Buffer.from(binding, 'utf8'));
    const sealed = Buffer.concat([cipher.update(dataKey), cipher.final(), cipher.getAuthTag()]);
    return { masterKeyId: this.current.id, wrapped: Buffer.concat([iv, sealed]).toString('base64') };
  }

  /** Unwraps a data key; throws when its master key is unknown or the wrapping was tampered with. */
  unwrap(masterKeyId: string, wrapped: string, binding: string): Buffer {
    const master = this.byId.get(masterKeyId);
    if (!master)
      throw new Error(`data key wrapped by unknown master key ${masterKeyId}: add it to DATA_MASTER_KEYS_PREVIOUS`);
    const bytes = Buffer.from(wrapped, 'base64');
    const iv = bytes.subarray(0, IV_BYTES);
    const tag = bytes.subarray(bytes.length - TAG_BYTES);
    const decipher = createDecipheriv(ALGORITHM, master.key, iv).setAAD(Buffer.from(binding, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
  }
}
