import type { CheckCaps } from '@lib/config';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

interface Window {
  start: number;
  used: number;
}

/**
 * Checks (RCPTs) a route may still send this minute and this UTC day, on its own and per provider: what an
 * operator's proxy provider or a mail provider's tolerance for one address allows (Reacher's guide: about
 * 60 a minute and 10,000 a day per address). Counted in this process; each worker enforces its own share.
 */
export class RouteQuota {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly caps: CheckCaps,
    private readonly providerCaps: Record<string, CheckCaps>,
    private readonly clock: () => number,
  ) {}

  /** How many of `wanted` checks at `provider` fit now; those are counted as used. */
  take(provider: string, wanted: number): number {
    const limits = this.limitsFor(provider);
    const fits = Math.min(wanted, ...limits.map(([k, cap, span]) => cap - this.window(k, span).used));
    const granted = Math.max(0, fits);
    for (const [k, , span] of limits) this.window(k, span).used += granted;
    return granted;
  }

  /** Gives back checks taken but not sent (the call ended first, or the addresses went to another route). */
  giveBack(provider: string, count: number): void {
    for (const [k, , span] of this.limitsFor(provider)) {
      const window = this.window(k, span);
      window.used = Math.max(0, window.used - count);
    }
  }

  /** When a check at `provider` fits again (0: now). */
  freeAt(provider: string): number {
    let at = 0;
    for (const [k, cap, span] of this.limitsFor(provider)) {
      const window = this.window(k, span);
      if (window.used >= cap) at = Math.max(at, window.start + span);
    }
    return at;
  }

  /** Use of each capped window, for /ready and the admin view. */
  usage(): Array<{ window: string; used: number }> {
    return [...this.windows].map(([window, { used }]) => ({ window, used }));
  }

  private limitsFor(provider: string): Array<[string, number, number]> {
    const limits: Array<[string, number, number]> = [];
    const add = (prefix: string, caps: CheckCaps | undefined) => {
      if (caps?.perMinute != null) limits.push([`${prefix}minute`, caps.perMinute, MINUTE_MS]);
      if (caps?.perDay != null) limits.push([`${prefix}day`, caps.perDay, DAY_MS]);
    };
    add('', this.caps);
    if (provider) add(`${provider}:`, this.providerCaps[provider]);
    return limits;
  }

  /** The current fixed window (minutes and UTC days from the epoch), started afresh when it has passed. */
  private window(k: string, span: number): Window {
    const start = Math.floor(this.clock() / span) * span;
    let window = this.windows.get(k);
    if (!window || window.start !== start) {
      window = { start, used: 0 };
      this.windows.set(k, window);
    }
    return window;
  }
}
