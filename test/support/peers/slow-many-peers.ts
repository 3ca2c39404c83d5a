import { startMailPeers, type MailPeers } from './mail-peers';
import { accept, reject, slowBanner } from './smtp-peer';

/** The MX of domain n: a loopback address of its own, so the peer counts the sessions open at each MX apart. */
export const slowMxAddress = (n: number) => `127.0.6.${n + 1}`;
const domainName = (n: number) => `d${n + 1}.slow-many.test`;

export interface SlowManyOptions {
  /** Connections at once from one client address past which an MX greets with 421 (Postfix's smtpd_client_connection_count_limit). */
  maxConnectionsPerClient?: number;
  /** Client addresses every MX refuses by reputation (a Spamhaus 554 to every RCPT), as an RBL-checking MTA does. */
  blockedClients?: string[];
}

/**
 * `domains` slow MX hosts on loopback addresses of their own (each greets after `bannerMs`, so the bound
 * of a list over them is waiting, not CPU); every tenth userN of each domain exists.
 */
export function startSlowManyPeers(
  domains: number,
  bannerMs: number,
  options: SlowManyOptions = {},
): Promise<MailPeers> {
  const names = Array.from({ length: domains }, (_, n) => domainName(n));
  const scripts = Object.fromEntries(
    names.map((domain) => [
      domain,
      {
        default: reject(),
        recipients: Object.fromEntries(Array.from({ length: 1000 }, (_, u) => [`user${u * 10}`, accept()])),
      },
    ]),
  );
  const zones = Object.fromEntries(names.map((domain, n) => [`mx.${domain}`, { a: [slowMxAddress(n)] }]));
  const listen = names.map((_, n) => slowMxAddress(n));
  const limit = options.maxConnectionsPerClient;
  const defences = slowBanner(
    bannerMs,
    limit === undefined
      ? {}
      : {
          maxConnectionsPerClient: limit,
          tooManyConnectionsReply: '421 4.7.0 mx.slow-many.test Error: too many connections from your address',
        },
  );
  return startMailPeers(scripts, {
    zones,
    smtp: { listen, defences, blockedClients: options.blockedClients },
    env: { SMTP_PREFLIGHT: 'false', SMTP_BANNER_TIMEOUT_MS: String(Math.max(5_000, bannerMs * 5)) },
  });
}

/** A list of `rows` addresses spread evenly over the domains of startSlowManyPeers (every tenth userN exists). */
export function slowManyAddresses(rows: number, domains: number): string[] {
  return Array.from({ length: rows }, (_, i) => `user${Math.floor(i / domains)}@${domainName(i % domains)}`);
}

/** Whether the i-th address of slowManyAddresses is a mailbox. */
export const slowManyExists = (i: number, domains: number) => Math.floor(i / domains) % 10 === 0;

/** slowManyAddresses as a CSV upload. */
export function slowManyCsv(rows: number, domains: number): string {
  return ['email', ...slowManyAddresses(rows, domains)].join('\n');
}
