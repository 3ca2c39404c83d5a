/** Where a route was refused: everywhere (its proxy failed), or by one provider's or one MX host's servers. */
export type RouteScope = '*' | `provider:${string}` | `mx:${string}`;

export interface RouteHealthSettings {
  /** First cool-down; each refusal in a row doubles it, up to maxCooldownMs. */
  cooldownMs: number;
  maxCooldownMs: number;
}

export const DEFAULT_ROUTE_HEALTH: RouteHealthSettings = { cooldownMs: 5 * 60_000, maxCooldownMs: 6 * 60 * 60_000 };

interface Quarantine {
  /** Refusals in a row: the cool-down doubles with each. */
  strikes: number;
  until: number;
  reason: string;
  since: number;
  /** After the cool-down one check goes out on the route first (half-open); the others wait for its answer. */
  trialTaken: boolean;
}

export interface RouteHealthEntry {
  route: string;
  scope: RouteScope;
  state: 'quarantined' | 'half_open';
  reason: string;
  since: number;
  until: number;
  strikes: number;
}

/**
 * Which routes are out of service, and where. A reputation refusal (ip_blocked) takes a route out for the
 * provider or MX host that refused it; a proxy failure takes it out everywhere. Each comes back by itself
 * after a cool-down that grows on repeats, half-open: one check first, and only a good answer brings it back.
 */
export class RouteHealth {
  private readonly quarantines = new Map<string, Quarantine>();

  constructor(
    private readonly clock: () => number,
    private readonly settings: RouteHealthSettings = DEFAULT_ROUTE_HEALTH,
  ) {}

  /**
   * Whether a check may go out on `route` for these scopes now: 'trial' is the one check of a half-open
   * route (the caller reports its answer with refused or recovered), 'out' is a quarantine still running.
   */
  admit(route: string, scopes: RouteScope[]): 'ok' | 'trial' | 'out' {
    const now = this.clock();
    let verdict: 'ok' | 'trial' = 'ok';
    for (const scope of ['*' as RouteScope, ...scopes]) {
      const quarantine = this.quarantines.get(key(route, scope));
      if (!quarantine) continue;
      if (quarantine.until > now || quarantine.trialTaken) return 'out';
      verdict = 'trial';
    }
    if (verdict === 'trial')
      for (const scope of ['*' as RouteScope, ...scopes]) {
        const quarantine = this.quarantines.get(key(route, scope));
        if (quarantine) quarantine.trialTaken = true;
      }
    return verdict;
  }

  /** The route was refused at `scope`; `fresh` is false for a refusal of a quarantine already running. */
  refused(route: string, scope: RouteScope, reason: string): { until: number; fresh: boolean } {
    const now = this.clock();
    const previous = this.quarantines.get(key(route, scope));
    // Refusals by sessions that were already under way when the first one was seen are the same event.
    if (previous && previous.until > now && !previous.trialTaken) return { until: previous.until, fresh: false };
    const strikes = (previous?.strikes ?? 0) + 1;
    const cooldown = Math.min(this.settings.maxCooldownMs, this.settings.cooldownMs * 2 ** (strikes - 1));
    const until = now + cooldown;
    this.quarantines.set(key(route, scope), { strikes, until, reason, since: now, trialTaken: false });
    return { until, fresh: true };
  }

  /** A check on the route got an answer that blames nothing on it: its quarantines for these scopes end. */
  recovered(route: string, scopes: RouteScope[]): boolean {
    let any = false;
    for (const scope of ['*' as RouteScope, ...scopes]) any = this.quarantines.delete(key(route, scope)) || any;
    return any;
  }

  /** A trial that ended with no answer either way (the call ran out of time): the next check tries again. */
  trialUnanswered(route: string, scopes: RouteScope[]): void {
    for (const scope of ['*' as RouteScope, ...scopes]) {
      const quarantine = this.quarantines.get(key(route, scope));
      if (quarantine) quarantine.trialTaken = false;
    }
  }

  /** The quarantine running now for these scopes, if any: why, and until when. */
  outNow(route: string, scopes: RouteScope[]): { reason: string; until: number } | null {
    const now = this.clock();
    for (const scope of ['*' as RouteScope, ...scopes]) {
      const quarantine = this.quarantines.get(key(route, scope));
      if (quarantine && (quarantine.until > now || quarantine.trialTaken))
        return { reason: quarantine.reason, until: quarantine.until };
    }
    return null;
  }

  entries(): RouteHealthEntry[] {
    const now = this.clock();
    return [...this.quarantines].map(([k, q]) => {
      const [route, scope] = k.split('\u0000') as [string, RouteScope];
      const state = q.until > now ? 'quarantined' : 'half_open';
      return { route, scope, state, reason: q.reason, since: q.since, until: q.until, strikes: q.strikes };
    });
  }
}

const key = (route: string, scope: RouteScope) => `${route}\u0000${scope}`;
