import { accept, greylist, reject, startSmtpPeer, SmtpPeer } from '../../peers/smtp-peer';
import { DnsPeer, startDnsPeer, ZoneEntry } from '../../peers/dns-peer';
import { Clock } from '@lib/common';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Companies on loopback peers, each with its own mailbox format:
 * first.last (jane.doe), flast (jdoe), first (jane), catch-all, German transliteration (jmueller for
 * José Müller), a particle surname written without its particle (aberg for Anna van der Berg), a
 * company that gives people their nickname (mike.doe for Michael Doe), a domain whose server
 * greylists one mailbox forever (learns.test), a company using the surname alone (doe, mueller at
 * last.test: the one format a contact with only a last name can reach), and one without MX.
 */
export const COMPANIES = {
  'firstlast.test': { recipients: { 'jane.doe': accept(), 'bob.stone': accept() } },
  'flast.test': { recipients: { jdoe: accept() } },
  'first.test': { recipients: { jane: accept() } },
  'catchall.test': { default: accept() },
  'umlaut.test': { recipients: { jmueller: accept() } },
  'particle.test': { recipients: { aberg: accept() } },
  'nick.test': { recipients: { 'mike.doe': accept() } },
  'learns.test': { recipients: { 'bob.stone': accept(), 'carol.white': greylist(1_000) } },
  'last.test': { recipients: { doe: accept(), mueller: accept() } },
};

export interface FinderWorld {
  app: TestApp;
  smtp: SmtpPeer;
  dns: DnsPeer;
  /** RCPT addresses the SMTP peer saw for a domain (the catch-all probe included). */
  rcptsFor(domain: string): string[];
  close(): Promise<void>;
}

export interface FinderPeers {
  smtp: SmtpPeer;
  dns: DnsPeer;
  /** App environment pointing probes at the peers. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startFinderPeers(env: Record<string, string> = {}): Promise<FinderPeers> {
  const smtp = await startSmtpPeer({ domains: Object.fromEntries(Object.entries(COMPANIES).map(([d, s]) => [d, { default: reject(), ...s }])) });
  const zones: Record<string, ZoneEntry> = { 'nomx.test': {} };
  for (const domain of Object.keys(COMPANIES)) {
    zones[domain] = { mx: [{ exchange: `mx.${domain}`, priority: 10 }] };
    zones[`mx.${domain}`] = { a: ['127.0.0.1'] };
  }
  const dns = await startDnsPeer(zones);
  return {
    smtp, dns,
    env: {
      DNS_SERVERS: dns.server, SMTP_PROBE_PORT: String(smtp.port), PROBE_ALLOW_PRIVATE_NETWORKS: 'true',
      SMTP_CONNECT_TIMEOUT_MS: '2000', SMTP_COMMAND_TIMEOUT_MS: '2000', SMTP_BANNER_TIMEOUT_MS: '2000', ...env,
    },
    close: () => Promise.all([smtp.close(), dns.close()]).then(() => undefined),
  };
}

export async function startFinderWorld(env: Record<string, string> = {}, overrides: { clock?: Clock } = {}): Promise<FinderWorld> {
  const peers = await startFinderPeers(env);
  const { smtp, dns } = peers;
  const app = await startTestApp(peers.env, overrides);
  return {
    app, smtp, dns,
    rcptsFor: (domain) => smtp.stats.rcpts.map((r) => r.address.toLowerCase()).filter((a) => a.endsWith(`@${domain}`)),
    async close() {
      await app.close();
      await peers.close();
    },
  };
}
