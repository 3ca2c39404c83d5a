/**
 * Reply times of one SMTP session. MTAs tarpit a client they distrust by holding back each reply
 * (Postfix sleeps `smtpd_error_sleep_time` after `smtpd_soft_error_limit` errors, Exim and Sendmail
 * after a number of bad recipients), so a reply much slower than the session's usual says the
 * session is being tarpitted and a fresh one will be served at full speed.
 */
export class ReplyLatency {
  private readonly samples: number[] = [];
  lastMs = 0;

  /** Judged only once a few replies give a usual to compare with. */
  static readonly MIN_SAMPLES = 3;

  record(ms: number): void {
    this.lastMs = ms;
    this.samples.push(ms);
    if (this.samples.length > 32) this.samples.shift();
  }

  get medianMs(): number {
    if (this.samples.length === 0) return 0;
    const sorted = [...this.samples].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  }

  /** The last reply took `factor` times the median and at least `floorMs` (so loopback jitter is not a tarpit). */
  lastWasTarpitted(factor: number, floorMs: number): boolean {
    if (this.samples.length < ReplyLatency.MIN_SAMPLES) return false;
    return this.lastMs >= floorMs && this.lastMs >= factor * this.medianMs;
  }
}
