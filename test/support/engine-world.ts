import { defaultProbeConfig } from '@lib/config/testing';
import { VerificationEngine } from '@lib/verification-engine';
import type { VerificationConfig } from '@lib/verification-engine/testing';
import { DnsPeer, DnsPeerOptions, startDnsPeer, ZoneEntry } from './peers/dns-peer';
import { SmtpPeer, SmtpPeerScript, startSmtpPeer } from './peers/smtp-peer';

/** The verification engine wired to a DNS and an SMTP peer on loopback: what the engine's specs probe. */
export interface EngineWorld {
  engine: VerificationEngine;
  smtp: SmtpPeer;
  dns: DnsPeer;
  stop(): Promise<void>;
}

/** Fast timeouts and loopback peers for integration specs and the benchmark. */
export function loopbackConfig(
  dnsServer: string,
  smtpPort: number,
  overrides: Partial<VerificationConfig> = {},
): VerificationConfig {
  return {
    ...defaultProbeConfig(),
    dnsServers: [dnsServer],
    smtpPort,
    heloName: 'verifier.test',
    mailFrom: 'probe@verifier.test',
    // Generous enough for a CI machine shared by several test runs, short enough for tarpits.
    connectTimeoutMs: 2_000,
    bannerTimeoutMs: 2_000,
    commandTimeoutMs: 2_000,
    greylistDelaysMs: [150, 300],
    interactiveBudgetMs: 8_000,
    allowPrivateNetworks: true,
    dnsTimeoutMs: 1_500,
    reconnectBackoffMs: 50,
    ...overrides,
  };
}

/** Starts the DNS and SMTP peers and an engine wired to them. */
export async function startEngineWorld(
  zones: Record<string, ZoneEntry>,
  script: SmtpPeerScript,
  overrides: Partial<VerificationConfig> = {},
  dnsOptions: DnsPeerOptions = {},
  clock: () => number = Date.now,
): Promise<EngineWorld> {
  const dns = await startDnsPeer(zones, dnsOptions);
  const smtp = await startSmtpPeer(script);
  const engine = new VerificationEngine(loopbackConfig(dns.server, smtp.port, overrides), clock);
  return {
    engine,
    smtp,
    dns,
    stop: async () => {
      await engine.close();
      await smtp.close();
      await dns.close();
    },
  };
}

/** One MX host resolving to a loopback address. */
export function mxZone(domain: string, hosts: Array<[string, number, string]>, ttl = 300): Record<string, ZoneEntry> {
  const zones: Record<string, ZoneEntry> = {
    [domain]: { mx: hosts.map(([exchange, priority]) => ({ exchange, priority })), ttl },
  };
  for (const [exchange, , ip] of hosts) zones[exchange] = { a: [ip], ttl };
  return zones;
}
