import type { ProbeKind } from './engine/probe-outcome';
import type { VerificationMode, VerificationVerdict } from './verification.types';

/**
 * The prober adapting to one MX: sessions retired before the server's error limit, when tarpitted or
 * when a message's recipient cap was reached; a reconnect after a 421; the per-MX concurrency raised or
 * lowered; the per-MX connect rate raised (a clean session that connected fast) or halved (a 421, a
 * timeout, a tarpitted reply); a connection held back by that rate; an error budget or a cap on
 * connections at once learned from the server;
 * a bulk session handing its connection to a waiting interactive call.
 */
export type AdaptiveDecision =
  | 'retired_error_budget'
  | 'retired_tarpit'
  | 'retired_rcpt_cap'
  | 'reconnect_after_421'
  | 'concurrency_raised'
  | 'concurrency_lowered'
  | 'connect_rate_raised'
  | 'connect_rate_lowered'
  | 'connect_paced'
  | 'error_budget_learned'
  | 'connection_cap_learned'
  | 'bulk_yielded';

/**
 * What the engine reports as it works, for an app to turn into metrics. Every value passed is from a
 * small fixed set (result names, probe kinds, provider names from the playbook, reply codes), never an
 * address or a domain. Called synchronously on the probing path: implementations must be cheap and
 * must not throw.
 */
export interface VerificationObserver {
  /** One verdict, for each address of a verify or verifyMany call (invalid syntax included). */
  verdict(verdict: Pick<VerificationVerdict, 'result' | 'subResult'>, mode: VerificationMode): void;
  /**
   * An address's SMTP probe ended with `kind`. `durationMs` is the whole probe call that decided it (the
   * caller gets every address of a call at once); `provider` is '' when the MX matches no playbook rule.
   */
  probed(kind: ProbeKind, provider: string, durationMs: number): void;
  /** An SMTP connection is being opened: attempts, failed connects included (a clear-text reconnect after a failed TLS handshake counts again). */
  sessionOpened(provider: string): void;
  /** A parked session was taken again instead of opening a connection. */
  sessionReused(provider: string): void;
  /** An MX address answered 421 or 452 and is left alone for the back-off delay. */
  mxBackedOff(provider: string, replyCode: number): void;
  /** The prober changed how it treats an MX (see AdaptiveDecision). */
  sessionAdapted(decision: AdaptiveDecision, provider: string): void;
  /** Interactive mode waits and probes these addresses again (greylisting and other 4xx replies). */
  greylistRetried(addresses: number): void;
  /** A connection is being opened on egress route `route` (the operator's route names are a small fixed set). */
  routeSessionOpened(route: string, provider: string): void;
  /** An address's probe on `route` ended with `kind` after `durationMs` (the route's share of the call). */
  routeProbed(route: string, kind: ProbeKind, provider: string, durationMs: number): void;
  /** The route was taken out of service: `scope` 'route' (its proxy failed) or 'provider'/'mx' (refused by reputation). */
  routeOut(route: string, scope: 'route' | 'provider' | 'mx', provider: string, reason: string): void;
  /** Addresses the route could not ask were handed to another route of their pool. */
  routeFailover(route: string, provider: string, addresses: number): void;
}

/** The default: reports go nowhere. */
export const SILENT_VERIFICATION_OBSERVER: VerificationObserver = {
  verdict: () => undefined,
  probed: () => undefined,
  sessionOpened: () => undefined,
  sessionReused: () => undefined,
  mxBackedOff: () => undefined,
  sessionAdapted: () => undefined,
  greylistRetried: () => undefined,
  routeSessionOpened: () => undefined,
  routeProbed: () => undefined,
  routeOut: () => undefined,
  routeFailover: () => undefined,
};
