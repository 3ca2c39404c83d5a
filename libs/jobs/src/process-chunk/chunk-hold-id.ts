/**
 * One hold per chunk: the ledger makes a retried hold with the same id a no-op. Each job kind has its
 * own prefix (ChunkKind.holdPrefix), so the sweeper knows whose record to look the hold up in.
 */
export const chunkHoldId = (jobId: number, chunkNo: number, prefix: string): string =>
  `${prefix}-${jobId}-chunk-${chunkNo}`;

/** The chunk a `chunkHoldId` of this prefix names, or null for any other id. */
export function chunkOfHoldId(holdId: string, prefix: string): { jobId: number; chunkNo: number } | null {
  const match = new RegExp(`^${prefix}-(\\d+)-chunk-(\\d+)$`).exec(holdId);
  return match ? { jobId: Number(match[1]), chunkNo: Number(match[2]) } : null;
}
