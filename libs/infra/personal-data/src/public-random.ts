import { randomBytes } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

/**
 * Random bytes for values that are not secret (IVs, key ids), from the CSPRNG a few kilobytes at a time: one
 * randomBytes call per value cost more than sealing a short value (a row seals one part and creates one key).
 * Each byte is handed out once. Never for key material: the bytes share their memory with the pool.
 */
export function publicRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES) return randomBytes(size);
  if (used + size > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  const bytes = pool.subarray(used, used + size);
  used += size;
  return bytes;
}
