import type { SmtpEgressStatus } from '../smtp/smtp-egress';
import type { ProbeRoute } from './probe-route';
import type { RouteHealth, RouteHealthEntry } from './route-health';

export interface EgressRouteReport {
  name: string;
  kind: string;
  /** The source address or the proxy, its password masked. */
  via: string;
  egressId: string;
  heloName: string;
  mailFrom: string;
  /** 'in_service', or 'out' while a quarantine of the whole route runs (its proxy failed). */
  state: 'in_service' | 'out';
  /** Port 25 through the route, as its preflight last found. */
  port25: SmtpEgressStatus;
  /** Quarantines by scope: '*' (the whole route), provider:NAME or mx:HOST, with times as ISO strings. */
  quarantines: Array<Omit<RouteHealthEntry, 'route' | 'since' | 'until'> & { since: string; until: string }>;
  /** Checks used in each capped window (minute, day; per provider as provider:minute). */
  capsUsed: Array<{ window: string; used: number }>;
}

/** Every route with its state per provider, for /ready and the admin view: nothing secret in it. */
export function egressReport(routes: ProbeRoute[], health: RouteHealth): EgressRouteReport[] {
  const entries = health.entries();
  return routes.map((route) => {
    const own = entries.filter((e) => e.route === route.name);
    return {
      ...route.describe(),
      state: health.outNow(route.name, []) ? 'out' : 'in_service',
      port25: route.egress.status,
      quarantines: own.map(({ scope, state, reason, strikes, since, until }) => ({
        scope,
        state,
        reason,
        strikes,
        since: new Date(since).toISOString(),
        until: new Date(until).toISOString(),
      })),
      capsUsed: route.quota.usage(),
    };
  });
}
