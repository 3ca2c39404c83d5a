import type { RcptClass } from '../smtp/rcpt-class';
import { PROXY_FAILURES, SmtpFailureKind } from '../smtp/smtp-errors';
import { SmtpReply } from '../smtp/smtp-reply';

/** What probing one recipient came to, before catch-all and provider evidence are weighed. */
export type ProbeKind =
  | RcptClass
  | SmtpFailureKind
  | 'private_mx_refused'
  | 'no_mx_address'
  | 'smtputf8_unsupported'
  | 'deadline_exceeded'
  | 'port_25_blocked'
  /** Every route of the check's pool is out (quarantined, proxy down, over its caps): nothing was asked. */
  | 'no_route';

export interface ProbeOutcome {
  kind: ProbeKind;
  reply?: SmtpReply;
  mxHost?: string;
  /** The IP address of mxHost that was spoken to. */
  mxAddress?: string;
  retryAfterMs?: number;
  /** The egress route the probe went out on (libs/domain/verification-engine/src/egress). */
  route?: string;
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
  'no_route',
  ...PROXY_FAILURES,
]);

/**
 * Outcomes that blame the way out, not the MX or the mailbox: the MX refused the route's address by
 * reputation, or the route's proxy could not carry the connection. The address is asked again on another
 * route of its pool; sessions of the same call stop at once (one wasted session per route and MX at most).
 */
export const ROUTE_FAILURES: ReadonlySet<ProbeKind> = new Set<ProbeKind>(['ip_blocked', ...PROXY_FAILURES]);

/** What the caller of a probe controls while it runs: stopping it (a cancelled job) and hearing of each answered RCPT (progress). */
export interface ProbeControl {
  /** Once aborted, no further RCPT is sent. */
  signal?: AbortSignal;
  /** Told each address whose RCPT was answered. */
  probed?(address: string): void;
  /**
   * Asked before each new session: an outcome when the route has been taken out for this MX meanwhile (by
   * another call's session), so no further session goes out on it; the addresses left get that outcome.
   */
  routeOut?(): ProbeOutcome | null;
}
