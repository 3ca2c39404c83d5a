import type { MxSlots } from './smtp/mx-slots.port';
import type { VerificationObserver } from './verification-observer';

export type VerificationResultName = 'ok' | 'invalid' | 'catch_all' | 'unknown' | 'disposable' | 'error';

export type VerificationQuality = 'good' | 'risky' | 'bad' | '';

export type VerificationMode = 'interactive' | 'bulk';

/** The SMTP evidence behind a verdict: who was asked and what exactly they answered. */
export interface SmtpDiagnostics {
  code?: number;
  enhanced?: string;
  message?: string;
  mxHost?: string;
  /** IP address of mxHost the prober spoke to. */
  mxAddress?: string;
}

export interface VerificationVerdict {
  /** The address as given, trimmed. */
  email: string;
  /** Local part as given plus the lowercased punycode domain: what is probed. */
  normalized: string;
  /** Provider-aware dedupe key; never used for probing. */
  canonical: string;
  /** ASCII (punycode) domain. */
  domain: string;
  result: VerificationResultName;
  /** 1 ok, 2 catch_all, 3 unknown, 4 error, 5 disposable, 6 invalid. */
  resultCode: number;
  subResult: string | null;
  quality: VerificationQuality;
  free: boolean;
  role: boolean;
  disposable: boolean;
  catchAll: boolean;
  didYouMean: string | null;
  provider: string;
  antiSpam: boolean;
  riskScore: number;
  executionMs: number;
  /** Set when the result is unknown for a temporary reason a later retry may resolve. */
  retryAfterMs?: number;
  smtp?: SmtpDiagnostics;
}

/**
 * The verdict fields a customer sees, in API results and as bulk CSV columns alike; the other
 * fields (normalized, canonical, domain, retryAfterMs, smtp) are internal diagnostics.
 */
export type PublicVerdict = Pick<
  VerificationVerdict,
  | 'result'
  | 'resultCode'
  | 'subResult'
  | 'quality'
  | 'free'
  | 'role'
  | 'disposable'
  | 'catchAll'
  | 'didYouMean'
  | 'provider'
  | 'antiSpam'
  | 'riskScore'
>;

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
}

export interface CandidateProbe {
  localPart: string;
  email: string;
  result: VerificationResultName;
  subResult: string | null;
}

export interface CandidateProbeReport {
  domain: string;
  /** Has MX or an A/AAAA fallback and no null MX. */
  mailAccepting: boolean;
  /** Why the domain cannot be probed: no_mx, null_mx, mx_host_not_found, domain_not_found, reserved_domain, dns_error, disposable, private_mx_refused ... */
  reason?: string;
  /** null = inconclusive or not run. */
  catchAll: boolean | null;
  provider: string;
  antiSpam: boolean;
  free: boolean;
  disposable: boolean;
  probes: CandidateProbe[];
}

export const RESULT_CODES: Record<VerificationResultName, number> = {
  ok: 1,
  catch_all: 2,
  unknown: 3,
  error: 4,
  disposable: 5,
  invalid: 6,
};
