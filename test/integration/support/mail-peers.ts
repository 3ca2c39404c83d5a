// Real SMTP and DNS servers on loopback that give every test address a known verdict.
import { startDnsPeer, type DnsPeer, type ZoneEntry } from '../../peers/dns-peer';
import { accept, blocklist, reject, startSmtpPeer, type SmtpPeer } from '../../peers/smtp-peer';

/** The MX of slow.test answers on this address, with its banner delayed by `slowBannerMs`. */
const SLOW_MX_IP = '127.0.0.2';

export interface MailPeers {
  smtp: SmtpPeer;
  dns: DnsPeer;
  /** App environment that points every probe at the peers. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * alpha.test: alice and bob exist, nobody else (ok / invalid); beta.test accepts everyone (catch_all);
 * gamma.test rejects everyone (invalid); blocked.test answers 554 "blocklisted" (unknown, free);
 * slow.test is like alpha.test with s1..s3 (ok), held (unknown) and no one else, behind a slow banner.
 */
export async function startMailPeers(slowBannerMs = 0): Promise<MailPeers> {
  const smtp = await startSmtpPeer({
    domains: {
      'alpha.test': { default: reject(), recipients: { alice: accept(), bob: accept() } },
      'beta.test': { default: accept() },
      'gamma.test': { default: reject() },
      'blocked.test': { default: blocklist() },
      'slow.test': { default: reject(), recipients: { s1: accept(), s2: accept(), s3: accept(), held: blocklist() } },
    },
    listen: ['127.0.0.1', SLOW_MX_IP],
    hosts: { [SLOW_MX_IP]: { bannerDelayMs: slowBannerMs } },
  });
  const zones: Record<string, ZoneEntry> = {};
  for (const domain of ['alpha.test', 'beta.test', 'gamma.test', 'blocked.test', 'slow.test']) {
    zones[domain] = { mx: [{ exchange: `mx.${domain}`, priority: 10 }] };
    zones[`mx.${domain}`] = { a: [domain === 'slow.test' ? SLOW_MX_IP : '127.0.0.1'] };
  }
  const dns = await startDnsPeer(zones);
  return {
    smtp,
    dns,
    env: {
      DNS_SERVERS: dns.server,
      SMTP_PROBE_PORT: String(smtp.port),
      PROBE_ALLOW_PRIVATE_NETWORKS: 'true',
      SMTP_PREFLIGHT: 'false',
      SMTP_CONNECT_TIMEOUT_MS: '2000',
      SMTP_COMMAND_TIMEOUT_MS: '2000',
      SMTP_BANNER_TIMEOUT_MS: String(Math.max(2000, slowBannerMs * 3)),
    },
    async close() {
      await Promise.all([smtp.close(), dns.close()]);
    },
  };
}
