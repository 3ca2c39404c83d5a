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
  /** The egress route the probe went out on. */
  route?: string;
}

/**
 * The verdict fields a customer sees, in API results and as bulk CSV columns alike; of the other
 * fields of a verdict, the API answers retryAfterMs and (on request) smtp beside them, from the recorded
 * verdict; normalized, canonical and domain are internal.
 * Declared once for the events that record a verdict (EmailVerified and BatchVerified of
 * @lib/paid-verification, ChunkCompleted of @lib/verification-jobs), which are stored forever: a field
 * is only ever added, as optional (old events lack it), and never renamed or retyped.
 */
export type PublicVerdict = {
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
};

/** The engine's verdict on one address; recorded whole in EmailVerified and BatchVerified (the same rule holds). */
export interface VerificationVerdict extends PublicVerdict {
  /** The address as given, trimmed. */
  email: string;
  /** Local part as given plus the lowercased punycode domain: what is probed. */
  normalized: string;
  /** Provider-aware dedupe key; never used for probing. */
  canonical: string;
  /** ASCII (punycode) domain. */
  domain: string;
  executionMs: number;
  /** Set when the result is unknown for a temporary reason a later retry may resolve. */
  retryAfterMs?: number;
  smtp?: SmtpDiagnostics;
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
