import { createServer, Server, Socket } from 'node:net';
import { DefendedSession, MtaDefences } from './mta-defences';
import { behaviourFor, bareClient, ConnectionBehaviour, SmtpPeerScript, SmtpPeerStats } from './smtp-peer-script';

// The line-based listeners of the scripted SMTP peer (smtp-peer.ts): servers smtp-server cannot imitate.
/** Misbehaving servers smtp-server cannot imitate: tarpits and silent or hostile banners. */
export async function rawListener(
  ip: string,
  port: number,
  behaviour: ConnectionBehaviour,
  stats: SmtpPeerStats,
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    stats.sessions++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.on('data', (chunk) =>
      stats.commands.push(
        ...chunk
          .toString()
          .split(/\r?\n/)
          .filter(Boolean)
          .map((l) => l.split(' ')[0].toUpperCase()),
      ),
    );
    if (behaviour === 'tarpit') socket.write('220 tarpit.test ESMTP\r\n');
    if (behaviour === 'refuse_banner') socket.end('554 5.7.1 tarpit.test No SMTP service here\r\n');
  });
  return listening(server, ip, port, sockets);
}

/**
 * An MTA whose TLS is broken (as with ancient ciphers or a meddling middlebox): it offers STARTTLS and
 * then kills the handshake. In clear text it answers MAIL/RCPT/RSET/QUIT from the script.
 */
export async function brokenTlsListener(
  ip: string,
  port: number,
  script: SmtpPeerScript,
  stats: SmtpPeerStats,
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const ehlo = '250-brokentls.test\r\n250-STARTTLS\r\n250 8BITMIME';
  const answer = (line: string): string => scriptedAnswer(line, ehlo, script, stats, ip, null);
  const server = createServer((socket) => {
    stats.sessions++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    onLines(socket, (line) => {
      if (socket.writableEnded) return;
      if (line.toUpperCase() === 'STARTTLS') {
        stats.commands.push('STARTTLS');
        // A TLS alert would be honest; plain text where a ServerHello belongs fails the handshake just the same.
        socket.end('220 2.0.0 Ready to start TLS\r\nthis is not a TLS record\r\n');
        return;
      }
      const reply = answer(line);
      socket.write(`${reply}\r\n`);
      if (reply.startsWith('221')) socket.end();
    });
    socket.write('220 brokentls.test ESMTP\r\n');
  });
  return listening(server, ip, port, sockets);
}

/**
 * The reply to one command line from a line-based listener: the recipient scripts for RCPT (greylisting
 * counted in `greylistSeen` when given), fixed answers for the rest. DATA is never accepted.
 */
function scriptedAnswer(
  line: string,
  ehlo: string,
  script: SmtpPeerScript,
  stats: SmtpPeerStats,
  ip: string,
  greylistSeen: Map<string, number> | null,
  client?: string,
): string {
  const verb = line.split(' ')[0].toUpperCase();
  stats.commands.push(verb);
  if (verb === 'EHLO') return ehlo;
  if (verb === 'HELO' || verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') return '250 2.0.0 OK';
  if (verb === 'QUIT') return '221 2.0.0 Bye';
  if (verb === 'DATA') return '554 5.5.1 test peer never accepts DATA';
  if (verb !== 'RCPT') return '502 5.5.2 Error: command not recognized';
  const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
  stats.rcpts.push({ address, via: ip, at: Date.now() });
  const behaviour = behaviourFor(script, address, client);
  if (behaviour.kind === 'greylist' && greylistSeen) {
    const seen = greylistSeen.get(address.toLowerCase()) ?? 0;
    greylistSeen.set(address.toLowerCase(), seen + 1);
    return seen < behaviour.times ? '451 4.7.1 Greylisted, please try again later' : '250 2.1.5 Ok';
  }
  return behaviour.kind === 'reply' ? `${behaviour.code} ${behaviour.text}` : '250 2.1.5 Ok';
}

/** Calls `onLine` with each CRLF-terminated line the client sends. */
function onLines(socket: Socket, onLine: (line: string) => void): void {
  let buffered = '';
  socket.on('data', (chunk) => {
    buffered += chunk.toString('latin1');
    let end: number;
    while ((end = buffered.indexOf('\r\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      onLine(line);
    }
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A listener that defends itself like a real MTA (mta-defences.ts), answering from the recipient
 * scripts. Commands of one connection are answered in order; a delayed reply holds back the next.
 */
export async function defendedListener(
  ip: string,
  port: number,
  script: SmtpPeerScript,
  stats: SmtpPeerStats,
  greylistSeen: Map<string, number>,
  defences: MtaDefences,
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const perClient = new Map<string, number>();
  const ehlo = `250-mx.test\r\n${script.hidePipelining ? '' : '250-PIPELINING\r\n'}250-SIZE 10240000\r\n250-ENHANCEDSTATUSCODES\r\n250-8BITMIME\r\n${script.hideSmtpUtf8 ? '' : '250-SMTPUTF8\r\n'}250 CHUNKING`;
  const server = createServer((socket) => {
    const client = socket.remoteAddress ?? '';
    if (script.onlyClients && !script.onlyClients.includes(bareClient(client))) {
      socket.on('error', () => undefined);
      socket.end('554 5.7.1 No SMTP service for your address\r\n');
      return;
    }
    stats.sessions++;
    const byClient = (stats.sessionsByClient[ip] ??= {});
    const bare = client.replace(/^::ffff:/, '');
    byClient[bare] = (byClient[bare] ?? 0) + 1;
    sockets.add(socket);
    const concurrent = (perClient.get(client) ?? 0) + 1;
    perClient.set(client, concurrent);
    stats.maxConcurrent = Math.max(stats.maxConcurrent, sockets.size);
    stats.maxConcurrentByHost[ip] = Math.max(stats.maxConcurrentByHost[ip] ?? 0, sockets.size);
    onceShut(socket, () => {
      sockets.delete(socket);
      perClient.set(client, (perClient.get(client) ?? 1) - 1);
    });
    socket.on('error', () => undefined);
    if (concurrent > (defences.maxConnectionsPerClient ?? Infinity)) {
      stats.defences.connectionRefusals++;
      socket.end(`${defences.tooManyConnectionsReply ?? '421 4.7.0 Too many connections'}\r\n`);
      return;
    }
    const session = new DefendedSession(defences, stats.defences);
    let turn = sleep(defences.bannerDelayMs ?? 0).then(() => {
      if (!socket.destroyed) socket.write('220 mx.test ESMTP\r\n');
    });
    let unanswered = 0;
    let transaction: string[] | null = null;
    // Replies to a pipelined group go out as one unit once the group is answered (RFC 2920 3.2, as Postfix
    // does), and before any deliberate delay. Written one by one, Nagle held each reply after the first
    // until the client's delayed ACK: ~40 ms per group that no real MTA adds.
    let replies = '';
    const flush = () => {
      if (replies && !socket.destroyed) socket.write(replies);
      replies = '';
    };
    onLines(socket, (line) => {
      if (unanswered++ > 0) stats.pipelinedCommands++;
      turn = turn.then(async () => {
        if (socket.destroyed || socket.writableEnded) return;
        const verb = line.split(' ')[0].toUpperCase();
        const preempted = session.preempt(verb);
        if (preempted) stats.commands.push(verb);
        const reply = preempted?.reply ?? scriptedAnswer(line, ehlo, script, stats, ip, greylistSeen, client);
        if (!preempted && verb === 'MAIL' && reply.startsWith('250')) stats.transactions.push((transaction = []));
        if (!preempted && verb === 'RCPT') transaction?.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        const delay = session.delayFor(reply);
        if (delay > 0) {
          flush();
          await sleep(delay);
        }
        if (socket.destroyed) return;
        if (delay > 0) stats.defences.delayedReplies++;
        unanswered--;
        replies += `${reply}\r\n`;
        if (preempted?.close || reply.startsWith('221')) {
          socket.end(replies);
          replies = '';
        } else if (unanswered === 0) flush();
      });
    });
  });
  return listening(server, ip, port, sockets);
}

/**
 * Calls `done` once the connection is closed both ways (the client's FIN read, ours sent), as an MTA stops
 * counting a connection once its smtpd closed it. Node's 'close' comes a loop phase later, by when a new
 * connection from the same client, opened on our FIN, may already have been accepted and counted.
 */
function onceShut(socket: Socket, done: () => void): void {
  let ended = false;
  let finished = false;
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    done();
  };
  socket.on('end', () => {
    ended = true;
    if (finished) once();
  });
  socket.on('finish', () => {
    finished = true;
    if (ended) once();
  });
  socket.on('close', once);
}

/** Listens on ip:port (a free port for 0); closing it also drops the sessions still open. */
async function listening(
  server: Server,
  ip: string,
  port: number,
  sockets: Set<Socket>,
): Promise<{ port: number; close(): Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, ip, () => resolve());
  });
  const bound = server.address();
  return {
    port: typeof bound === 'object' && bound ? bound.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
