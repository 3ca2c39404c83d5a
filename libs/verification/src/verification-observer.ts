import type { ProbeKind } from './engine/probe-outcome';
import type { VerificationMode, VerificationVerdict } from './verification.types';

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
  /** Interactive mode waits and probes these addresses again (greylisting and other 4xx replies). */
  greylistRetried(addresses: number): void;
}

/** The default: reports go nowhere. */
export const SILENT_VERIFICATION_OBSERVER: VerificationObserver = {
  verdict: () => undefined,
  probed: () => undefined,
  sessionOpened: () => undefined,
  sessionReused: () => undefined,
  mxBackedOff: () => undefined,
  greylistRetried: () => undefined,
};
