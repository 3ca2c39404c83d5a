import { hostname } from 'node:os';
import { readEgressRoutes } from '../egress-routes';
import type { EgressRoutes, RouteDefaults } from '../egress-routes.types';
import { EnvReader } from '../env-parsers';

/**
 * How this process probes mailboxes (DNS_SERVERS, SMTP_*, GREYLIST_RETRY_DELAYS_MS, VERIFY_INTERACTIVE_BUDGET_MS):
 * what libs/domain/verification-engine's engine is built with, declared once here and read by the engine as it is.
 */
export interface ProbeConfig extends RouteDefaults {
  /** 'ip' or 'ip:port'; the system's resolvers when null or empty. */
  dnsServers: string[] | null;
  smtpPort: number;
  connectTimeoutMs: number;
  bannerTimeoutMs: number;
  commandTimeoutMs: number;
  greylistDelaysMs: number[];
  interactiveBudgetMs: number;
  /** Adaptive SMTP sessions (libs/domain/verification-engine's MxLimits): see the SMTP_* entries of docs/configuration.md. */
  perMxConcurrencyFloor: number;
  connectsPerSecondPerMxCeiling: number;
  /** Rejected MAIL/RCPTs per session before it is retired, below Postfix's soft error limit of 10. */
  sessionErrorBudget: number;
  /** First pause before reconnecting after a 421 (doubling, at most 3 reconnects). */
  reconnectBackoffMs: number;
  /** A reply at least this slow, and 5x the session's median, means a tarpit: the session is replaced. */
  tarpitFloorMs: number;
  allowPrivateNetworks: boolean;
  sessionReuse: boolean;
  preflight: boolean;
  /** The public MX the port-25 preflight connects to; null: the library's default (Gmail's MX). */
  preflightHost: string | null;
  /**
   * The ways out to mail servers (SMTP_ROUTES_FILE / SMTP_ROUTES): direct routes from chosen source addresses
   * and SOCKS5 proxies, the rules choosing them, their caps. null: one direct route with the settings above.
   */
  routes: EgressRoutes | null;
}

export function readProbe(r: EnvReader): ProbeConfig {
  const dnsServers = r.list('DNS_SERVERS');
  for (const server of dnsServers ?? []) {
    if (!/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])(:\d{1,5})?$|^[0-9a-f:]+$/i.test(server))
      r.problems.push(`DNS_SERVERS entry "${server}" must be ip or ip:port`);
  }
  const probe: ProbeConfig = {
    dnsServers,
    smtpPort: r.int('SMTP_PROBE_PORT', 25, 1, 65535),
    heloName: r.string('SMTP_HELO_NAME', 'verifier.localhost'),
    mailFrom: r.string('SMTP_MAIL_FROM', 'probe@verifier.localhost'),
    connectTimeoutMs: r.int('SMTP_CONNECT_TIMEOUT_MS', 10_000, 100, 120_000),
    bannerTimeoutMs: r.int('SMTP_BANNER_TIMEOUT_MS', 30_000, 100, 300_000),
    commandTimeoutMs: r.int('SMTP_COMMAND_TIMEOUT_MS', 20_000, 100, 300_000),
    greylistDelaysMs: r.intList('GREYLIST_RETRY_DELAYS_MS', [60_000, 300_000, 900_000]),
    interactiveBudgetMs: r.int('VERIFY_INTERACTIVE_BUDGET_MS', 25_000, 100, 300_000),
    perMxConcurrency: r.int('SMTP_PER_MX_CONCURRENCY', 3, 1, 100),
    perMxConcurrencyFloor: r.int('SMTP_PER_MX_CONCURRENCY_FLOOR', 1, 1, 100),
    connectsPerSecondPerMx: r.int('SMTP_CONNECTS_PER_SECOND_PER_MX', 50, 1, 10_000),
    connectsPerSecondPerMxCeiling: r.int('SMTP_CONNECTS_PER_SECOND_PER_MX_CEILING', 500, 1, 10_000),
    sessionErrorBudget: r.int('SMTP_SESSION_ERROR_BUDGET', 8, 1, 1_000),
    reconnectBackoffMs: r.int('SMTP_RECONNECT_BACKOFF_MS', 1_000, 10, 600_000),
    tarpitFloorMs: r.int('SMTP_TARPIT_FLOOR_MS', 500, 10, 300_000),
    allowPrivateNetworks: r.bool('PROBE_ALLOW_PRIVATE_NETWORKS', false),
    sessionReuse: r.bool('SMTP_SESSION_REUSE', true),
    egressId: r.string('SMTP_EGRESS_ID', hostname()),
    preflight: r.bool('SMTP_PREFLIGHT', true),
    preflightHost: r.optional('SMTP_PREFLIGHT_HOST'),
    routes: null,
  };
  // The routes' defaults are the single-route settings above.
  probe.routes = readEgressRoutes(r.optional('SMTP_ROUTES_FILE'), r.optional('SMTP_ROUTES'), probe, r.problems);
  return probe;
}

/** The probe settings when no variable is set: what specs and benchmarks build an engine from. */
export function defaultProbeConfig(): ProbeConfig {
  return readProbe(new EnvReader({}));
}
