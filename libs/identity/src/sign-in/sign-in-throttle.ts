/**
 * Counts failed sign-ins per account (normalized address, known or not, so throttling reveals
 * nothing) and per client address in a sliding window. In process memory like the API rate limit:
 * with N api replicas an attacker gets N times the allowance, which the README says.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly perAccount: number,
    private readonly perAddress: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Seconds to wait before another attempt, or 0 when one is allowed. */
  retryAfterSeconds(email: string, address: string): number {
    return Math.max(this.wait(`account:${email}`, this.perAccount), this.wait(`address:${address}`, this.perAddress));
  }

  recordFailure(email: string, address: string): void {
    for (const key of [`account:${email}`, `address:${address}`]) this.failures.set(key, [...this.recent(key), this.now()]);
    if (this.failures.size > 100_000) this.evictIdle();
  }

  /** A successful sign-in clears the account's count (not the address's: one good password must not unlock guessing others). */
  recordSuccess(email: string): void {
    this.failures.delete(`account:${email}`);
  }

  private wait(key: string, limit: number): number {
    const recent = this.recent(key);
    if (recent.length < limit) return 0;
    return Math.max(1, Math.ceil((recent[recent.length - limit] + this.windowMs - this.now()) / 1000));
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((at) => at > since);
  }

  private evictIdle(): void {
    for (const key of [...this.failures.keys()]) if (this.recent(key).length === 0) this.failures.delete(key);
  }
}
