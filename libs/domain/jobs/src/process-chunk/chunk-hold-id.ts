/**
 * One hold per chunk and run: the ledger makes a retried hold with the same id a no-op. Each job kind has its
 * own prefix (ChunkKind.holdPrefix), so the sweeper knows whose record to look the hold up in. A resumed job
 * works its undone chunks again in a new run (PaidChunk.run), under new ids: the ledger refuses a hold under
 * an id it ended, and the first run's holds of those chunks were released when the job stopped.
 */
export const chunkHoldId = (jobId: number, chunkNo: number, prefix: string, run = 0): string =>
  `${prefix}-${jobId}-chunk-${chunkNo}${run > 0 ? `-run-${run}` : ''}`;

/** The chunk a `chunkHoldId` of this prefix names, or null for any other id. */
export function chunkOfHoldId(holdId: string, prefix: string): { jobId: number; chunkNo: number; run: number } | null {
  const match = new RegExp(`^${prefix}-(\\d+)-chunk-(\\d+)(?:-run-(\\d+))?$`).exec(holdId);
  return match ? { jobId: Number(match[1]), chunkNo: Number(match[2]), run: Number(match[3] ?? 0) } : null;
}
