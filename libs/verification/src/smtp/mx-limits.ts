/** How politely to treat one MX address; see MxLimits. */
export interface AdaptiveSettings {
  /** Sessions at once per MX address: the adaptive limit stays between these. */
  concurrencyFloor: number;
  concurrencyCeiling: number;
  /** New connections per second per MX address. */
  connectsPerSecond: number;
  /** Rejected MAIL/RCPTs a session may collect before it is retired (below Postfix's soft limit of 10). */
  errorBudget: number;
  /** How long a lowered error budget or a recipient cap learned from an MX is remembered. */
  learnedMemoryMs: number;
}

export const DEFAULT_ADAPTIVE_SETTINGS: AdaptiveSettings = {
  concurrencyFloor: 1, concurrencyCeiling: 3, connectsPerSecond: 10, errorBudget: 8, learnedMemoryMs: 60 * 60_000,
};

/**
 * What the prober has learned about one MX address and the limits that follow:
 * - concurrency grows by one after `limit` clean sessions in a row and halves on a 421 or a timeout
 *   (additive increase, multiplicative decrease, as TCP does), between floor and ceiling;
 * - new connections are paced to `connectsPerSecond` (a token bucket holding one second's worth);
 * - the error budget per session starts below Postfix's soft error limit and is lowered to just under
 *   the error count at which this MX started delaying replies or said 421; the recipient cap per
 *   message is learned from a 452 4.5.3. Both are forgotten after `learnedMemoryMs` (servers change).
 */
export class MxLimits {
  limit: number;
  private cleanStreak = 0;
  private learnedBudget: { value: number; until: number } | null = null;
  private learnedRcptCap: { value: number; until: number } | null = null;
  private suspectedLimit: number | null = null;
  private tokens: number;
  private refilledAt: number;

  constructor(private readonly settings: AdaptiveSettings, now: number) {
    const { concurrencyFloor: floor, concurrencyCeiling: ceiling } = settings;
    // Starts half-way: room to grow while the server answers fast, without opening the ceiling at once.
    this.limit = Math.max(floor, Math.min(ceiling, Math.ceil(ceiling / 2)));
    this.tokens = Math.max(1, settings.connectsPerSecond);
    this.refilledAt = now;
  }

  errorBudget(now: number): number {
    if (this.learnedBudget && this.learnedBudget.until > now) return this.learnedBudget.value;
    this.learnedBudget = null;
    return this.settings.errorBudget;
  }

  /**
   * The MX said 421 once a session had made `errors` errors (`confirmed`), or delayed a reply then
   * (not confirmed: a loaded server or network is slow now and then, so a delay teaches the budget only
   * when a second session is delayed at about the same count). Returns true when the budget went down.
   */
  learnErrorLimit(errors: number, now: number, confirmed: boolean): boolean {
    if (!confirmed) {
      const seen = this.suspectedLimit;
      this.suspectedLimit = errors;
      if (seen === null || Math.abs(seen - errors) > 1) return false;
      errors = Math.min(seen, errors);
    }
    const value = Math.max(1, errors - 1);
    if (value >= this.errorBudget(now)) return false;
    this.learnedBudget = { value, until: now + this.settings.learnedMemoryMs };
    return true;
  }

  /** Recipients one transaction may carry on this MX, when a 452 4.5.3 taught it; null when unknown. */
  rcptCap(now: number): number | null {
    if (this.learnedRcptCap && this.learnedRcptCap.until > now) return this.learnedRcptCap.value;
    this.learnedRcptCap = null;
    return null;
  }

  learnRcptCap(accepted: number, now: number): void {
    this.learnedRcptCap = { value: Math.max(1, accepted), until: now + this.settings.learnedMemoryMs };
  }

  /** A session ended cleanly. Returns true when the concurrency limit went up. */
  sessionClean(): boolean {
    if (this.limit >= this.settings.concurrencyCeiling) return false;
    if (++this.cleanStreak < this.limit) return false;
    this.cleanStreak = 0;
    this.limit++;
    return true;
  }

  /** A 421 or a timeout. Returns true when the concurrency limit went down. */
  trouble(): boolean {
    this.cleanStreak = 0;
    const lowered = Math.max(this.settings.concurrencyFloor, Math.floor(this.limit / 2));
    if (lowered === this.limit) return false;
    this.limit = lowered;
    return true;
  }

  /**
   * Takes a connection token; returns how long to wait before connecting (0 when one was available).
   * An interactive caller takes its token without waiting: one connection for an API call is no burst.
   */
  connectDelay(now: number, wait = true): number {
    const rate = Math.max(1, this.settings.connectsPerSecond);
    this.tokens = Math.min(rate, this.tokens + ((now - this.refilledAt) / 1000) * rate);
    this.refilledAt = now;
    this.tokens -= 1;
    return this.tokens >= 0 || !wait ? 0 : Math.ceil((-this.tokens / rate) * 1000);
  }
}
