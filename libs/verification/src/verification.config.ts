import type { EgressRoutes } from '@lib/config';
import type { MxSlots } from './smtp/mx-slots.port';
import type { VerificationObserver } from './verification-observer';

/** What one engine is built with; its own file with the defaults, apart from the verdict types the observer reports. */
export interface VerificationConfig {
  /** 'ip' or 'ip:port'; the system's resolvers when absent or empty. */
  dnsServers?: string[];
  smtpPort: number;
  heloName: string;
  mailFrom: string;
  connectTimeoutMs: number;
  bannerTimeoutMs: number;
  commandTimeoutMs: number;
  greylistDelaysMs: number[];
  interactiveBudgetMs: number;
  perMxConcurrency: number;
  allowPrivateNetworks: boolean;
  disposableAllowList?: string[];
  sessionReuse: boolean;
  /** Per-query DNS timeout; defaults to 3000 ms. */
  dnsTimeoutMs?: number;
  /** RCPTs sent in one SMTP session before it is recycled; defaults to 20. */
  maxRcptsPerSession?: number;
  /** The adaptive per-MX concurrency never goes below this (perMxConcurrency is its ceiling); defaults to 1. */
  perMxConcurrencyFloor?: number;
  /** New SMTP connections per second per MX address at first; defaults to 50. The rate adapts (see MxLimits). */
  connectsPerSecondPerMx?: number;
  /** The adaptive connect rate per MX address never goes above this; defaults to 500. */
  connectsPerSecondPerMxCeiling?: number;
  /** Rejected MAIL/RCPTs per session before it is retired, below Postfix's soft error limit of 10; defaults to 8. */
  sessionErrorBudget?: number;
  /** First pause before reconnecting after a 421 (doubling, at most 3 reconnects); defaults to 1000 ms. */
  reconnectBackoffMs?: number;
  /** A reply at least this slow, and 5x the session's median, means a tarpit: the session is replaced; defaults to 500 ms. */
  tarpitFloorMs?: number;
  /** Receives verdicts and SMTP events (an app's metrics); nothing is reported when absent. */
  observer?: VerificationObserver;
  /**
   * Where the per-MX connection slots are shared with the other processes behind the same egress address
   * (MongoDB in a cluster); in this process's memory when absent. The caller owns it and closes it after close().
   */
  mxSlots?: MxSlots;
  /** Processes with the same id share one budget of sessions per MX (SMTP_EGRESS_ID); defaults to 'local'. */
  egressId?: string;
  /**
   * The ways out to mail servers (egress/): direct routes from chosen source addresses and SOCKS5 proxies,
   * the rules choosing them, their caps. Absent or null: one direct route, named 'default', with the settings above.
   */
  routes?: EgressRoutes | null;
}

/**
 * Production-leaning defaults. Apps build the real object from validated configuration;
 * this library never reads the environment.
 */
export function defaultVerificationConfig(): VerificationConfig {
  return {
    dnsServers: undefined,
    smtpPort: 25,
    heloName: 'verifier.localhost',
    mailFrom: 'probe@verifier.localhost',
    connectTimeoutMs: 10_000,
    // Some MTAs delay their banner on purpose (tarpits against spam bots); a slow banner is waited for.
    bannerTimeoutMs: 30_000,
    commandTimeoutMs: 15_000,
    // Typical greylisting windows are 1 to 15 minutes.
    greylistDelaysMs: [60_000, 300_000, 900_000, 1_800_000],
    interactiveBudgetMs: 20_000,
    perMxConcurrency: 3,
    allowPrivateNetworks: false,
    disposableAllowList: [],
    sessionReuse: true,
    dnsTimeoutMs: 3_000,
    maxRcptsPerSession: 20,
  };
}
