import { startMailPeers, type MailPeers } from './mail-peers';
import { accept, reject, slowBanner } from './smtp-peer';

/** The MX of domain n: a loopback address of its own, so the peer counts the sessions open at each MX apart. */
export const slowMxAddress = (n: number) => `127.0.6.${n + 1}`;
const domainName = (n: number) => `d${n + 1}.slow-many.test`;

/**
 * `domains` slow MX hosts on loopback addresses of their own (each greets after `bannerMs`, so the bound
 * of a list over them is waiting, not CPU); every tenth userN of each domain exists.
 */
export function startSlowManyPeers(domains: number, bannerMs: number): Promise<MailPeers> {
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
  return startMailPeers(scripts, {
    zones,
    smtp: { listen, defences: slowBanner(bannerMs) },
    env: { SMTP_PREFLIGHT: 'false', SMTP_BANNER_TIMEOUT_MS: String(Math.max(5_000, bannerMs * 5)) },
  });
}

/** A list of `rows` addresses spread evenly over the domains of startSlowManyPeers. */
export function slowManyCsv(rows: number, domains: number): string {
  const lines = ['email'];
  for (let i = 0; i < rows; i++) lines.push(`user${Math.floor(i / domains)}@${domainName(i % domains)}`);
  return lines.join('\n');
}
