import { readFileSync } from 'node:fs';

/**
 * Rejected RCPTs of each session a real Postfix logged after byte `from` of its log ("rcpt=accepted/total"
 * on its disconnect line), so "retired before the soft error limit" is checked by the server itself.
 * postlogd writes asynchronously: reads until `sessions` disconnect lines are there (bounded by attempts,
 * not by time). A session that ended before any RCPT logs no rcpt= field: 0 rejections.
 */
export async function postfixRejectionsPerSession(maillog: string, from: number, sessions: number): Promise<number[]> {
  for (let attempt = 0; ; attempt++) {
    const log = readFileSync(maillog, 'utf8').slice(from);
    const counts = [...log.matchAll(/disconnect from [^\n]*/g)].map((m) => {
      const rcpt = /rcpt=(\d+)\/(\d+)/.exec(m[0]);
      return rcpt ? Number(rcpt[2]) - Number(rcpt[1]) : 0;
    });
    if (counts.length >= sessions || attempt === 200) return counts;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
