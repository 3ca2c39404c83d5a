/** How politely to treat one MX address; see MxLimits. */
export interface AdaptiveSettings {
  /** Sessions at once per MX address: the adaptive limit stays between these. */
  concurrencyFloor: number;
  concurrencyCeiling: number;
  /** New connections per second per MX address at first; the adaptive rate stays between 1 and the ceiling. */
  connectsPerSecond: number;
  connectsPerSecondCeiling: number;
  /** Rejected MAIL/RCPTs a session may collect before it is retired (below Postfix's soft limit of 10). */
  errorBudget: number;
  /** How long a lowered error budget or a recipient cap learned from an MX is remembered. */
  learnedMemoryMs: number;
}

export const DEFAULT_ADAPTIVE_SETTINGS: AdaptiveSettings = {
  concurrencyFloor: 1,
  concurrencyCeiling: 3,
  connectsPerSecond: 10,
  connectsPerSecondCeiling: 10,
  errorBudget: 8,
  learnedMemoryMs: 60 * 60_000,
};

// The connect rate grows by this factor per clean session that connected fast: quickly until the MX
// first pushes back (slow start, as TCP does), gently after that.
const RATE_GROWTH_SLOW_START = 1.125;
const RATE_GROWTH = 1.02;
// A handshake (connect, banner, EHLO) slower than twice the fastest seen on this MX, plus this much for
// loopback and scheduler jitter, says the server is getting busy: the rate stops growing.
const HANDSHAKE_SLACK_MS = 50;

/**
 * What the prober has learned about one MX address and the limits that follow:
 * - concurrency grows by one per clean session until the MX first pushes back (a 421, a timeout, a
 *   tarpitted reply), then by one after `limit` clean sessions in a row, and halves on a push-back
 *   (slow start, additive increase, multiplicative decrease, as TCP does), between floor and ceiling;
 *   a 421 at the banner while other sessions were open teaches the MX's cap on connections from us,
 *   which then stands in for the ceiling (otherwise the limit would keep growing into that 421);
 * - new connections are paced by a token bucket holding one second's worth at the current rate, which
 *   starts at `connectsPerSecond`, grows per clean session whose handshake was fast (RATE_GROWTH*) up to
 *   `connectsPerSecondCeiling`, and halves on a push-back (once for all the sessions that were open
 *   when it came: see trouble());
 * - the error budget per session starts below Postfix's soft error limit and is lowered to just under
 *   the error count at which this MX started delaying replies or said 421; the recipient cap per
 *   message is learned from a 452 4.5.3. What is learned is forgotten after `learnedMemoryMs` (servers change).
 */
export class MxLimits {
  limit: number;
  /** New connections per second now. */
  rate: number;
  private slowStart = true;
  private lastCutAt = -Infinity;
  private fastestHandshakeMs = Infinity;
  private cleanStreak = 0;
  private learnedBudget: { value: number; until: number } | null = null;
  private learnedRcptCap: { value: number; until: number } | null = null;
  private learnedConnectionCap: { value: number; until: number } | null = null;
  private suspectedLimit: number | null = null;
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly settings: AdaptiveSettings,
    now: number,
  ) {
    const { concurrencyFloor: floor, concurrencyCeiling: ceiling } = settings;
    // Starts half-way: room to grow while the server answers fast, without opening the ceiling at once.
    this.limit = Math.max(floor, Math.min(ceiling, Math.ceil(ceiling / 2)));
    this.rate = Math.max(1, settings.connectsPerSecond);
    this.tokens = this.rate;
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

  /** Sessions at once this MX takes from us: the configured ceiling, or the cap a 421 at the banner taught. */
  ceiling(now: number): number {
    if (this.learnedConnectionCap && this.learnedConnectionCap.until > now) return this.learnedConnectionCap.value;
    this.learnedConnectionCap = null;
    return this.settings.concurrencyCeiling;
  }

  /**
   * The MX refused a connection with 421 while `open` other sessions of ours were open: it takes at most
   * that many at once. A refusal with none open says nothing about a cap. Returns true when it was learned.
   */
  learnConnectionCap(open: number, now: number): boolean {
    const value = Math.max(this.settings.concurrencyFloor, open);
    if (open < 1 || value >= this.ceiling(now)) return false;
    this.learnedConnectionCap = { value, until: now + this.settings.learnedMemoryMs };
    this.limit = Math.min(this.limit, value);
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

  /**
   * A session ended cleanly (`handshakeMs`: how long its connect, banner and EHLO took; null for a
   * reused session, which says nothing new about connecting). Says whether the concurrency limit went
   * up and whether the connect rate did.
   */
  sessionClean(handshakeMs: number | null, now: number): { concurrency: boolean; rate: boolean } {
    const fast = handshakeMs !== null && handshakeMs <= 2 * this.fastestHandshakeMs + HANDSHAKE_SLACK_MS;
    if (handshakeMs !== null) this.fastestHandshakeMs = Math.min(this.fastestHandshakeMs, handshakeMs);
    const ceiling = Math.max(this.settings.connectsPerSecond, this.settings.connectsPerSecondCeiling);
    const rate = fast && this.rate < ceiling;
    if (rate) this.rate = Math.min(ceiling, this.rate * (this.slowStart ? RATE_GROWTH_SLOW_START : RATE_GROWTH));
    return { concurrency: this.raiseConcurrency(now), rate };
  }

  /**
   * A 421, a timeout or a tarpitted reply in a session (or connection attempt) that began at `since`.
   * Sessions that began before the last cut were opened under the old limits: their trouble is the same
   * push-back, seen once per session, so it cuts nothing more (as TCP halves once per window, not per
   * lost segment). Says whether the concurrency limit and the connect rate went down.
   */
  trouble(since: number, now: number): { concurrency: boolean; rate: boolean } {
    this.slowStart = false;
    this.cleanStreak = 0;
    if (since < this.lastCutAt) return { concurrency: false, rate: false };
    this.lastCutAt = now;
    const rate = this.rate > 1;
    this.rate = Math.max(1, this.rate / 2);
    this.tokens = Math.min(this.tokens, this.rate);
    const lowered = Math.max(this.settings.concurrencyFloor, Math.floor(this.limit / 2));
    const concurrency = lowered !== this.limit;
    this.limit = lowered;
    return { concurrency, rate };
  }

  private raiseConcurrency(now: number): boolean {
    if (this.limit >= this.ceiling(now)) return false;
    if (!this.slowStart && ++this.cleanStreak < this.limit) return false;
    this.cleanStreak = 0;
    this.limit++;
    return true;
  }

  /**
   * Takes a connection token; returns how long to wait before connecting (0 when one was available).
   * An interactive caller takes its token without waiting: one connection for an API call is no burst.
   * `sharers`: the processes behind our egress address connecting to this MX; each keeps to its share.
   */
  connectDelay(now: number, wait = true, sharers = 1): number {
    const rate = this.rate / sharers;
    this.tokens = Math.min(rate, this.tokens + ((now - this.refilledAt) / 1000) * rate);
    this.refilledAt = now;
    this.tokens -= 1;
    return this.tokens >= 0 || !wait ? 0 : Math.ceil((-this.tokens / rate) * 1000);
  }
}
