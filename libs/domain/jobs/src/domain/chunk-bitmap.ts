// The done chunks of a job of any kind (bulk, finder): a set of chunk numbers as a base64 bitmap.
// 2,500 chunks (a 500,000-address job) take 420 characters, small enough to ride in every job event.

/** A job snapshot's done chunks (base64 bitmap indexed by chunk number). */
export type DoneChunks = string;

export const EMPTY_BITMAP: DoneChunks = '';

export function hasChunk(bitmap: DoneChunks, chunkNo: number): boolean {
  const bytes = Buffer.from(bitmap, 'base64');
  const byte = chunkNo >> 3;
  return byte < bytes.length && (bytes[byte] & (1 << (chunkNo & 7))) !== 0;
}

export function withChunk(bitmap: DoneChunks, chunkNo: number): DoneChunks {
  const current = Buffer.from(bitmap, 'base64');
  const bytes = Buffer.alloc(Math.max(current.length, (chunkNo >> 3) + 1));
  current.copy(bytes);
  bytes[chunkNo >> 3] |= 1 << (chunkNo & 7);
  return bytes.toString('base64');
}

/** How many chunks the bitmap holds. */
export function countChunks(bitmap: DoneChunks): number {
  let count = 0;
  for (let byte of Buffer.from(bitmap, 'base64')) {
    for (; byte; byte &= byte - 1) count++;
  }
  return count;
}

/** The bitmap of a list of chunk numbers (done chunks stored as a list before, upcast on read). */
export function chunksBitmap(chunkNos: readonly number[]): DoneChunks {
  return chunkNos.reduce(withChunk, EMPTY_BITMAP);
}
