/**
 * A scripted SMTP server on loopback for tests of anything that probes mailboxes.
 *
 *   const peer = await startSmtpPeer({
 *     domains: { 'acme.test': { default: reject(), recipients: { alice: accept() } } },
 *     listen: ['127.0.0.1', '127.0.0.3'],            // every address shares one port
 *     hosts: { '127.0.0.3': { connection: 'tarpit' } }, // per listening address
 *   });
 *   peer.port; peer.stats; await peer.close();
 *
 * Behaviours per recipient, by full address, else `domains[domain].recipients[local]`,
 * else `domains[domain].default`, else `script.default` (550 5.1.1 user unknown):
 *   accept(), reject(code?, text?), catchAll (domain default accept), greylist(n) (451 n times
 *   per address, then accept), full(552|452), blocklist() (554 Spamhaus), rateLimit() (421 then
 *   the connection is closed), reply(code, text).
 * Connection behaviours per listening address: 'normal' (smtp-server), 'tarpit' (banner then
 * silence), 'silent' (no banner at all), 'refuse_banner' (554 banner), 'broken_tls' (offers
 * STARTTLS, answers 220, then sends bytes that are not TLS; in clear text it serves the domains'
 * recipient scripts, without greylisting). Addresses not listed in
 * `listen` refuse connections, which is how tests make an MX unreachable.
 * `defences` (per listening address in `hosts`, or for all of them) makes a listener defend itself
 * like a real MTA (see mta-defences.ts: Postfix defaults, Exim-like, Microsoft 365-like, slow banner);
 * `stats.defences` counts what they did.
 * `stats` records sessions, every command name seen (to prove DATA is never sent), RCPTs
 * with the address they arrived on, the RCPTs of each MAIL transaction (smtp-server and defended
 * listeners), and the highest number of concurrent sessions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, Server, Socket } from 'node:net';
import { domainToASCII } from 'node:url';
import { SMTPServer, SMTPServerSession } from 'smtp-server';
import { DefenceStats, DefendedSession, emptyDefenceStats, MtaDefences } from './mta-defences';

export { eximLike, m365Like, MtaDefences, postfixDefaults, slowBanner } from './mta-defences';

// A throwaway self-signed certificate for STARTTLS on loopback (probers do not verify it).
const TLS_KEY = readFileSync(join(__dirname, 'smtp-peer.key.pem'));
const TLS_CERT = readFileSync(join(__dirname, 'smtp-peer.cert.pem'));

export type RcptBehaviour =
  | { kind: 'accept' }
  | { kind: 'reply'; code: number; text: string; closeAfter?: boolean }
  | { kind: 'greylist'; times: number };

export const accept = (): RcptBehaviour => ({ kind: 'accept' });
export const reject = (
  code = 550,
  text = '5.1.1 <user>: Recipient address rejected: User unknown in virtual mailbox table',
): RcptBehaviour => ({ kind: 'reply', code, text });
export const greylist = (times: number): RcptBehaviour => ({ kind: 'greylist', times });
export const full = (code: 552 | 452 = 552): RcptBehaviour => ({
  kind: 'reply',
  code,
  text: code === 552 ? '5.2.2 Mailbox full' : '4.2.2 Mailbox full, try again later',
});
export const blocklist = (): RcptBehaviour => ({
  kind: 'reply',
  code: 554,
  text: '5.7.1 Service unavailable; Client host [127.0.0.1] blocked using zen.spamhaus.org',
});
export const rateLimit = (): RcptBehaviour => ({
  kind: 'reply',
  code: 421,
  text: '4.7.0 Too many connections, rate limit exceeded, closing',
  closeAfter: true,
});
export const reply = (code: number, text: string): RcptBehaviour => ({ kind: 'reply', code, text });

export interface DomainScript {
  default?: RcptBehaviour;
  recipients?: Record<string, RcptBehaviour>;
}
export type ConnectionBehaviour = 'normal' | 'tarpit' | 'silent' | 'refuse_banner' | 'broken_tls';

export interface SmtpPeerScript {
  domains?: Record<string, DomainScript>;
  recipients?: Record<string, RcptBehaviour>;
  default?: RcptBehaviour;
  listen?: string[];
  /** The port every listening address shares; a free one when absent. */
  port?: number;
  hosts?: Record<string, { connection?: ConnectionBehaviour; bannerDelayMs?: number; defences?: MtaDefences }>;
  /** Every RCPT reply waits this long, as a server slowing down a client does (Postfix's error sleep, tarpitting MTAs). */
  rcptDelayMs?: number;
  /** MTA defences for every listening address without its own. */
  defences?: MtaDefences;
  /** Hide STARTTLS / SMTPUTF8 from the EHLO reply (PIPELINING: defended listeners only). */
  hideStartTls?: boolean;
  hideSmtpUtf8?: boolean;
  hidePipelining?: boolean;
  /**
   * Client addresses this server refuses by reputation, as an MTA with an RBL check does: every RCPT from
   * them gets Postfix's "blocked using zen.spamhaus.org" 554, whatever the recipient (egress route tests).
   */
  blockedClients?: string[];
  /**
   * Only these client addresses may connect (a firewall in front of the MX): any other gets a 554 at the
   * banner and the connection closed. What proves a route really goes out through its proxy.
   */
  onlyClients?: string[];
}

const bareClient = (client: string | undefined): string => (client ?? '').replace(/^::ffff:/, '');

export interface SmtpPeerStats {
  sessions: number;
  commands: string[];
  /** `at`: when the RCPT arrived (Date.now()), to prove none was sent after a point in time. */
  rcpts: Array<{ address: string; via: string; at: number }>;
  /** The RCPT addresses of each MAIL transaction, from its MAIL FROM to the next one or the session's end. */
  transactions: string[][];
  maxConcurrent: number;
  /** The most sessions open at once per listening address (an MX host): counted by defended listeners. */
  maxConcurrentByHost: Record<string, number>;
  /** Sessions each client address opened at each listening address (MX host → client → count): counted by defended listeners. */
  sessionsByClient: Record<string, Record<string, number>>;
  tlsSessions: number;
  /** Commands that arrived before the reply to the one before (RFC 2920 pipelining); counted by defended listeners. */
  pipelinedCommands: number;
  defences: DefenceStats;
}

export interface SmtpPeer {
  port: number;
  stats: SmtpPeerStats;
  close(): Promise<void>;
}

function behaviourFor(script: SmtpPeerScript, address: string, client = ''): RcptBehaviour {
  const bare = bareClient(client);
  if (script.blockedClients?.includes(bare))
    return {
      kind: 'reply',
      code: 554,
      text: `5.7.1 Service unavailable; Client host [${bare}] blocked using zen.spamhaus.org; https://www.spamhaus.org/query/ip/${bare}`,
    };
  const lower = address.toLowerCase();
  const at = lower.lastIndexOf('@');
  const local = lower.slice(0, at);
  // smtp-server hands IDN domains over in Unicode; scripts may key them either way.
  const domain = script.domains?.[lower.slice(at + 1)] ?? script.domains?.[domainToASCII(lower.slice(at + 1))];
  return script.recipients?.[lower] ?? domain?.recipients?.[local] ?? domain?.default ?? script.default ?? reject();
}

export async function startSmtpPeer(script: SmtpPeerScript = {}): Promise<SmtpPeer> {
  const stats: SmtpPeerStats = {
    sessions: 0,
    commands: [],
    rcpts: [],
    transactions: [],
    maxConcurrent: 0,
    maxConcurrentByHost: {},
    sessionsByClient: {},
    tlsSessions: 0,
    pipelinedCommands: 0,
    defences: emptyDefenceStats(),
  };
  const greylistSeen = new Map<string, number>();
  let open = 0;
  const listeners: Array<{ close(): Promise<void> }> = [];
  const addresses = script.listen ?? ['127.0.0.1'];
  let port = script.port ?? 0;
  for (const ip of addresses) {
    const behaviour = script.hosts?.[ip]?.connection ?? 'normal';
    const defences = script.hosts?.[ip]?.defences ?? script.defences;
    const listener =
      behaviour === 'normal' && defences
        ? await defendedListener(ip, port, script, stats, greylistSeen, defences)
        : behaviour === 'normal'
          ? await smtpListener(
              ip,
              port,
              script,
              stats,
              greylistSeen,
              () => ++open,
              () => open--,
            )
          : behaviour === 'broken_tls'
            ? await brokenTlsListener(ip, port, script, stats)
            : await rawListener(ip, port, behaviour, stats);
    port = listener.port;
    listeners.push(listener);
  }
  return {
    port,
    stats,
    close: async () => {
      await Promise.all(listeners.map((l) => l.close()));
    },
  };
}

async function smtpListener(
  ip: string,
  port: number,
  script: SmtpPeerScript,
  stats: SmtpPeerStats,
  greylistSeen: Map<string, number>,
  opened: () => number,
  closed: () => void,
): Promise<{ port: number; close(): Promise<void> }> {
  const delay = script.hosts?.[ip]?.bannerDelayMs ?? 0;
  const transactions = new Map<string, string[]>();
  const logger = {
    debug: (meta: { tnx?: string; command?: string }) => {
      if (meta?.tnx === 'command' && meta.command) stats.commands.push(meta.command.toUpperCase());
    },
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
    trace: () => undefined,
    fatal: () => undefined,
  };
  const server: SMTPServer = new SMTPServer({
    logger: logger as never,
    disabledCommands: ['AUTH'],
    key: TLS_KEY,
    cert: TLS_CERT,
    hideSTARTTLS: script.hideStartTls ?? false,
    hideSMTPUTF8: script.hideSmtpUtf8 ?? false,
    onConnect: (session, callback) => {
      if (script.onlyClients && !script.onlyClients.includes(bareClient(session.remoteAddress)))
        return callback(Object.assign(new Error('5.7.1 No SMTP service for your address'), { responseCode: 554 }));
      stats.sessions++;
      stats.maxConcurrent = Math.max(stats.maxConcurrent, opened());
      setTimeout(() => callback(), delay);
    },
    onClose: (session) => {
      transactions.delete(session.id);
      closed();
    },
    onSecure: (_socket, _session, callback) => {
      stats.tlsSessions++;
      callback();
    },
    onMailFrom: (_address, session, callback) => {
      const transaction: string[] = [];
      stats.transactions.push(transaction);
      transactions.set(session.id, transaction);
      callback();
    },
    onRcptTo: (address, session: SMTPServerSession, callback) => {
      stats.rcpts.push({ address: address.address, via: ip, at: Date.now() });
      transactions.get(session.id)?.push(address.address);
      if (script.rcptDelayMs) {
        const answer = callback;
        callback = (error?: Error | null) => void setTimeout(() => answer(error), script.rcptDelayMs);
      }
      const behaviour = behaviourFor(script, address.address, session.remoteAddress);
      if (behaviour.kind === 'accept') return callback();
      if (behaviour.kind === 'greylist') {
        const seen = greylistSeen.get(address.address.toLowerCase()) ?? 0;
        greylistSeen.set(address.address.toLowerCase(), seen + 1);
        return seen < behaviour.times
          ? callback(codeError(451, '4.7.1 Greylisted, please try again later'))
          : callback();
      }
      callback(codeError(behaviour.code, behaviour.text));
      if (behaviour.closeAfter) {
        const connection = [
          ...(server as unknown as { connections: Set<{ id: string; close(): void }> }).connections,
        ].find((c) => c.id === session.id);
        setTimeout(() => connection?.close(), 20);
      }
    },
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on('end', () => callback(codeError(554, 'test peer never accepts DATA')));
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.listen(port, ip, () => resolve());
    server.once('error', reject);
  });
  const bound = (server as unknown as { server: Server }).server.address();
  return {
    port: typeof bound === 'object' && bound ? bound.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
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

function codeError(code: number, text: string): Error & { responseCode: number } {
  return Object.assign(new Error(text), { responseCode: code });
}

/** Misbehaving servers smtp-server cannot imitate: tarpits and silent or hostile banners. */
async function rawListener(
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
async function brokenTlsListener(
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
async function defendedListener(
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
