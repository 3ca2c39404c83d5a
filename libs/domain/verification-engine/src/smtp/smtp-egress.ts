/** How often a blocked or unknown port 25 is checked again, and so how soon a `port_25_blocked` address may be retried. */
export const EGRESS_RECHECK_MS = 5 * 60_000;

export type SmtpEgressState = 'unknown' | 'open' | 'blocked';

export interface SmtpEgressStatus {
  state: SmtpEgressState;
  detail: string;
  /** Epoch ms of the check behind the state; null before the first one. */
  checkedAt: number | null;
}

/**
 * Whether this host can open outbound SMTP connections to the internet, as the port-25 preflight
 * last found. Many clouds and ISPs block port 25; while it is blocked, probing a public MX can only
 * end in a timeout after seconds, so the prober answers `unknown/port_25_blocked` at once instead
 * (no charge, no wait). MX hosts on private or loopback addresses (labs, tests) are not behind that
 * block and are still probed. `unknown` (never checked, or the check itself could not run, e.g. no
 * DNS) changes nothing.
 */
export class SmtpEgress {
  private current: SmtpEgressStatus = { state: 'unknown', detail: 'not checked', checkedAt: null };

  get status(): SmtpEgressStatus {
    return { ...this.current };
  }

  get blocked(): boolean {
    return this.current.state === 'blocked';
  }

  record(state: SmtpEgressState, detail: string, at: number): void {
    this.current = { state, detail, checkedAt: at };
  }
}
