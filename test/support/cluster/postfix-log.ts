import { eventually } from '@lib/common/testing';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * Rejected RCPTs of each session a real Postfix logged after byte `from` of its log ("rcpt=accepted/total"
 * on its disconnect line), so "retired before the soft error limit" is checked by the server itself.
 * postlogd writes asynchronously: reads until `sessions` disconnect lines are there, for at most 5 s; then
 * it answers with the lines there are, and the caller's expectations judge them (a session the engine
 * counted may never reach Postfix's log). A session that ended before any RCPT logs no rcpt= field: 0 rejections.
 */
export async function postfixRejectionsPerSession(maillog: string, from: number, sessions: number): Promise<number[]> {
  let counts: number[] = [];
  await eventually(
    () => {
      const log = readFrom(maillog, from);
      counts = [...log.matchAll(/disconnect from [^\n]*/g)].map((m) => {
        const rcpt = /rcpt=(\d+)\/(\d+)/.exec(m[0]);
        return rcpt ? Number(rcpt[2]) - Number(rcpt[1]) : 0;
      });
      if (counts.length < sessions) throw new Error(`${counts.length} of ${sessions} sessions logged`);
    },
    { timeoutMs: 5_000, intervalMs: 25 },
  ).catch(() => undefined);
  return counts;
}

/** The log after byte `from`: the shared maillog outgrows what one string may hold, so never the whole file. */
function readFrom(file: string, from: number): string {
  const fd = openSync(file, 'r');
  try {
    const bytes = Buffer.alloc(Math.max(0, fstatSync(fd).size - from));
    const read = readSync(fd, bytes, 0, bytes.length, from);
    return bytes.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
