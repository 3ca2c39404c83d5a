import { DnsPeer, DnsPeerOptions, startDnsPeer, ZoneEntry } from './dns-peer';
import { DomainScript, SmtpPeer, SmtpPeerScript, startSmtpPeer } from './smtp-peer';

/** Loopback SMTP and DNS peers serving a set of mail domains, each with its MX on 127.0.0.1. */
export interface MailPeers {
  smtp: SmtpPeer;
  dns: DnsPeer;
  /** App environment pointing probes at the peers (2 s SMTP timeouts), with the caller's additions. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * `zones`: further DNS entries (a domain without MX), or entries that replace a domain's own (an MX named for
 * a provider, an MX host on another loopback address); `env`: added to (and overriding) the probe
 * environment; `smtp`: the rest of the SMTP peer's script (a slow RCPT reply, more listening addresses);
 * `dns`: how the DNS peer answers (CNAMEs left unchased, as an authoritative server for another zone).
 */
export async function startMailPeers(
  domains: Record<string, DomainScript>,
  options: {
    zones?: Record<string, ZoneEntry>;
    env?: Record<string, string>;
    smtp?: Omit<SmtpPeerScript, 'domains'>;
    dns?: DnsPeerOptions;
  } = {},
): Promise<MailPeers> {
  const smtp = await startSmtpPeer({ ...options.smtp, domains });
  const zones: Record<string, ZoneEntry> = {};
  for (const domain of Object.keys(domains)) {
    zones[domain] = { mx: [{ exchange: `mx.${domain}`, priority: 10 }] };
    zones[`mx.${domain}`] = { a: ['127.0.0.1'] };
  }
  const dns = await startDnsPeer({ ...zones, ...options.zones }, options.dns);
  return {
    smtp,
    dns,
    env: {
      DNS_SERVERS: dns.server,
      SMTP_PROBE_PORT: String(smtp.port),
      PROBE_ALLOW_PRIVATE_NETWORKS: 'true',
      SMTP_CONNECT_TIMEOUT_MS: '2000',
      SMTP_COMMAND_TIMEOUT_MS: '2000',
      SMTP_BANNER_TIMEOUT_MS: '2000',
      ...options.env,
    },
    close: () => Promise.all([smtp.close(), dns.close()]).then(() => undefined),
  };
}
