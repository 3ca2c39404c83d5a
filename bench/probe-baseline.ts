/**
 * The open-source probing strategy, as the baseline of `npm run bench:probe`: one SMTP session per
 * address (connect, banner, EHLO, MAIL FROM, RCPT TO, QUIT), a fixed number at a time, no session
 * reuse and no adaptation (what Reacher and AfterShip's email-verifier do by default).
 */
import { connect, Socket } from 'node:net';

export type BaselineResult = 'ok' | 'invalid' | 'unknown';

export interface BaselineReport {
  results: BaselineResult[];
  sessions: number;
  replies421: number;
}

/** Reads SMTP replies off a socket, one complete (possibly multi-line) reply at a time. */
function replyReader(socket: Socket): () => Promise<string> {
  let buffer = '';
  let waiting: ((line: string) => void) | null = null;
  const lines: string[] = [];
  const flush = () => {
    while (waiting && lines.length) {
      const line = lines.shift()!;
      if (line.length >= 4 && line[3] === '-') continue;
      const resolve = waiting;
      waiting = null;
      resolve(line);
    }
  };
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      lines.push(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
    flush();
  });
  socket.on('close', () => {
    lines.push('000 closed');
    flush();
  });
  return () =>
    new Promise((resolve) => {
      waiting = resolve;
      flush();
    });
}

async function probeOne(
  address: string,
  ip: string,
  port: number,
  timeoutMs: number,
  report: BaselineReport,
): Promise<BaselineResult> {
  report.sessions++;
  const socket = connect({ host: ip, port, noDelay: true });
  socket.on('error', () => undefined);
  socket.setTimeout(timeoutMs, () => socket.destroy());
  const next = replyReader(socket);
  const ask = (line: string) => {
    socket.write(`${line}\r\n`);
    return next();
  };
  try {
    const steps = [
      () => next(),
      () => ask('EHLO baseline.test'),
      () => ask('MAIL FROM:<probe@baseline.test>'),
      () => ask(`RCPT TO:<${address}>`),
    ];
    for (const [index, step] of steps.entries()) {
      const reply = await step();
      if (reply.startsWith('421')) report.replies421++;
      // Only the RCPT reply says anything about the mailbox; a refusal before it leaves the address unknown.
      if (index === steps.length - 1) return /^25[01]/.test(reply) ? 'ok' : /^5/.test(reply) ? 'invalid' : 'unknown';
      if (!/^2/.test(reply)) return 'unknown';
    }
    return 'unknown';
  } finally {
    socket.end('QUIT\r\n');
  }
}

/** Probes every address in its own session, `concurrency` at a time, in order. */
export async function probeOneSessionEach(
  addresses: string[],
  ip: string,
  port: number,
  concurrency = 20,
  timeoutMs = 10_000,
): Promise<BaselineReport> {
  const report: BaselineReport = { results: new Array(addresses.length), sessions: 0, replies421: 0 };
  let next = 0;
  const worker = async () => {
    while (next < addresses.length) {
      const index = next++;
      report.results[index] = await probeOne(addresses[index], ip, port, timeoutMs, report);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return report;
}
