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
import { Server } from 'node:net';
import { SMTPServer, SMTPServerSession } from 'smtp-server';
import { emptyDefenceStats } from './mta-defences';
import { brokenTlsListener, defendedListener, rawListener } from './line-listeners';
import { behaviourFor, bareClient, SmtpPeer, SmtpPeerScript, SmtpPeerStats } from './smtp-peer-script';

export { eximLike, m365Like, MtaDefences, postfixDefaults, slowBanner } from './mta-defences';
export * from './smtp-peer-script';

// A throwaway self-signed certificate for STARTTLS on loopback (probers do not verify it).
const TLS_KEY = readFileSync(join(__dirname, 'smtp-peer.key.pem'));
const TLS_CERT = readFileSync(join(__dirname, 'smtp-peer.cert.pem'));

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

function codeError(code: number, text: string): Error & { responseCode: number } {
  return Object.assign(new Error(text), { responseCode: code });
}
