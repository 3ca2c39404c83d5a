import type { RcptClass } from '../smtp/rcpt-class';
import { SmtpFailureKind } from '../smtp/smtp-errors';
import { SmtpReply } from '../smtp/smtp-reply';

/** What probing one recipient came to, before catch-all and provider evidence are weighed. */
export type ProbeKind =
  | RcptClass
  | SmtpFailureKind
  | 'private_mx_refused'
  | 'no_mx_address'
  | 'smtputf8_unsupported'
  | 'deadline_exceeded'
  | 'port_25_blocked';

export interface ProbeOutcome {
  kind: ProbeKind;
  reply?: SmtpReply;
  mxHost?: string;
  /** The IP address of mxHost that was spoken to. */
  mxAddress?: string;
  retryAfterMs?: number;
}

/** Outcomes worth another attempt later: temporary replies and transport trouble. */
export const TRANSIENT_KINDS: ReadonlySet<ProbeKind> = new Set<ProbeKind>([
  'greylisted',
  'rate_limited',
  'temporary_failure',
  'too_many_recipients',
  'connect_refused',
  'connect_timeout',
  'banner_timeout',
  'command_timeout',
  'connection_closed',
  'network_error',
  'tls_failed',
  'deadline_exceeded',
]);

/**
 * Outcomes a later call may decide, so the verdict carries `retryAfterMs`: the transient ones, an
 * accepted address whose catch-all test was inconclusive, and a probe not made because port 25 is
 * blocked (not worth retrying within this call, unlike the transient ones).
 */
export const RETRY_LATER_KINDS: ReadonlySet<ProbeKind> = new Set<ProbeKind>([
  ...TRANSIENT_KINDS,
  'accepted',
  'port_25_blocked',
]);

/** What the caller of a probe controls while it runs: stopping it (a cancelled job) and hearing of each answered RCPT (progress). */
export interface ProbeControl {
  /** Once aborted, no further RCPT is sent. */
  signal?: AbortSignal;
  /** Told each address whose RCPT was answered. */
  probed?(address: string): void;
}
