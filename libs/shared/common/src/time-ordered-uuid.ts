import { randomFillSync } from 'node:crypto';

/** rand_a is a 12-bit counter; a new millisecond seeds it below half, so ~2,048 ids follow before it carries. */
const COUNTER_MAX = 0xfff;
const SEED_RANGE = 0x800;
const POOL_IDS = 256;

const pool = Buffer.alloc(POOL_IDS * 10);
let poolUsed = pool.length;

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, a 12-bit counter in rand_a (RFC 9562 §6.2
 * method 1) and 62 random bits. Ids made one after another in this process sort, as bytes and as
 * strings, in the order they were made, even within one millisecond or if the clock steps back; so an id
 * used as an index key lands on the index's newest page instead of a random page, and a commit writes
 * fewer pages. Not for secrets or for ids that must not reveal when they were made.
 */
export const timeOrderedUuid: () => string = timeOrderedUuids(Date.now);

/** A generator of its own, ordered by `clock` (the process has one: timeOrderedUuid; specs make theirs). */
export function timeOrderedUuids(clock: () => number): () => string {
  let lastMs = -1;
  let counter = 0;
  return () => {
    const now = clock();
    const random = randomBytes10();
    if (now > lastMs) {
      lastMs = now;
      counter = ((random[8] << 8) | random[9]) % SEED_RANGE;
    } else if (counter < COUNTER_MAX) {
      counter += 1;
    } else {
      // 4,096 ids in one millisecond: borrow the next one, as the RFC allows, rather than lose the order.
      lastMs += 1;
      counter = 0;
    }
    const bytes = Buffer.allocUnsafe(16);
    bytes.writeUIntBE(lastMs, 0, 6);
    bytes[6] = 0x70 | (counter >> 8);
    bytes[7] = counter & 0xff;
    random.copy(bytes, 8, 0, 8);
    bytes[8] = 0x80 | (bytes[8] & 0x3f);
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}

/** From a pool refilled 256 ids at a time: one CSPRNG call per id costs more than the rest of the id. */
function randomBytes10(): Buffer {
  if (poolUsed === pool.length) {
    randomFillSync(pool);
    poolUsed = 0;
  }
  const bytes = pool.subarray(poolUsed, poolUsed + 10);
  poolUsed += 10;
  return bytes;
}
