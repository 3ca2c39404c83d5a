// A set of chunk numbers as a base64 bitmap: 2,500 chunks (a 500,000-address job) take 420 characters,
// small enough to ride in every job event.

export const EMPTY_BITMAP = '';

export function hasChunk(bitmap: string, chunkNo: number): boolean {
  const bytes = Buffer.from(bitmap, 'base64');
  const byte = chunkNo >> 3;
  return byte < bytes.length && (bytes[byte] & (1 << (chunkNo & 7))) !== 0;
}

export function withChunk(bitmap: string, chunkNo: number): string {
  const current = Buffer.from(bitmap, 'base64');
  const bytes = Buffer.alloc(Math.max(current.length, (chunkNo >> 3) + 1));
  current.copy(bytes);
  bytes[chunkNo >> 3] |= 1 << (chunkNo & 7);
  return bytes.toString('base64');
}
