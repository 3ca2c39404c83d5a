import { readFileSync } from 'node:fs';

/**
 * Commits in a SQLite file's WAL since the WAL was last reset: frames whose header carries the database
 * size (only a transaction's last frame does) and whose salts match the WAL header's (frames past them
 * are stale). With synchronous=FULL each commit is one fsync, so specs count what group commit saves.
 */
export function walCommits(databaseFile: string): number {
  const wal = readFileSync(`${databaseFile}-wal`);
  const pageSize = wal.readUInt32BE(8);
  const salts = [wal.readUInt32BE(16), wal.readUInt32BE(20)];
  let commits = 0;
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
    if (wal.readUInt32BE(at + 8) !== salts[0] || wal.readUInt32BE(at + 12) !== salts[1]) break;
    if (wal.readUInt32BE(at + 4) !== 0) commits += 1;
  }
  return commits;
}
