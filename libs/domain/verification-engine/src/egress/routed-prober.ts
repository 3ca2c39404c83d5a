import { Logger } from '@nestjs/common';
import { nonPublicReason } from '@lib/net';
import type { MailHost } from '../dns/mail-routing';
import type { ProbeLane } from '../smtp/mx-pool';
import { providerForHosts } from '../providers/provider-playbook';
import { EGRESS_RECHECK_MS } from '../smtp/smtp-egress';
import { isProxyFailure } from '../smtp/smtp-errors';
import type { VerificationObserver } from '../verification-observer';
import { ProbeControl, ProbeKind, ProbeOutcome, ROUTE_FAILURES } from '../engine/probe-outcome';
import type { ProbeRoute } from './probe-route';
import { RouteHealth, RouteScope } from './route-health';
import { RouteSelector } from './route-selector';

/** One route's part of a probe call: its addresses, and whether it is the one check of a half-open route. */
interface Share {
  route: ProbeRoute;
  addresses: string[];
  trial: boolean;
}

/** Why a route of the pool took no address: what the addresses left answer when no route is left. */
type Skipped = { kind: 'ip_blocked' | 'port_25_blocked' | 'no_route'; until: number };

/**
 * Probes a domain's addresses over the egress routes of its pool (RouteSelector): spread over the routes in
 * service by each one's free sessions at the MX, so N routes with their own addresses reach about N times
 * one route's rate where per-MX limits bind. A route the MX refuses by reputation (ip_blocked) is taken out
 * for that provider or MX host, a route whose proxy fails is taken out everywhere (RouteHealth), and the
 * addresses it could not ask go to the next route of the pool in the same call. Only when no route is left
 * do they answer unknown: ip_blocked, port_25_blocked or no_route, never invalid, never charged.
 */
export class RoutedProber {
  private readonly logger = new Logger('verification');
  private turn = 0;

  constructor(
    private readonly routes: ProbeRoute[],
    private readonly selector: RouteSelector,
    readonly health: RouteHealth,
    private readonly clock: () => number,
    private readonly observer: VerificationObserver,
    /** Off for the implicit single route (no SMTP_ROUTES): no quarantine, every call asks the MX as before routes. */
    private readonly quarantines: boolean,
  ) {}

  async probe(
    hosts: MailHost[],
    addresses: string[],
    deadline: number,
    control: ProbeControl = {},
    lane: ProbeLane = 'interactive',
    domain = '',
  ): Promise<Map<string, ProbeOutcome>> {
    const provider = providerForHosts(hosts.map((h) => h.name)).provider;
    const scope: RouteScope = provider ? `provider:${provider}` : `mx:${hosts[0]?.name ?? ''}`;
    const outcomes = new Map<string, ProbeOutcome>();
    const failed = new Set<ProbeRoute>();
    let pending = addresses;
    const refusals = new Map<string, ProbeOutcome>();
    let skipped: Skipped | null = null;
    while (pending.length > 0) {
      const candidates = this.selector.poolFor(domain, hosts, provider).filter((r) => !failed.has(r));
      const plan = this.share(candidates, pending, hosts, scope, provider);
      skipped = plan.skipped ?? skipped;
      if (plan.shares.length === 0) break;
      const results = await Promise.all(
        plan.shares.map(async (share) => ({
          share,
          result: await this.probeOn(share, hosts, deadline, control, lane, scope, provider),
        })),
      );
      pending = plan.left;
      for (const { share, result } of results) {
        const refused = [...result].filter(([, outcome]) => ROUTE_FAILURES.has(outcome.kind));
        for (const [address, outcome] of result)
          if (!ROUTE_FAILURES.has(outcome.kind)) outcomes.set(address, { ...outcome, route: share.route.name });
        if (refused.length === 0) continue;
        failed.add(share.route);
        const until = this.health.outNow(share.route.name, [scope])?.until;
        const retry = until ? { retryAfterMs: until - this.clock() } : {};
        // Each address keeps the refusal it got, should no route be left: its own reply is its evidence.
        for (const [address, outcome] of refused)
          refusals.set(address, { ...outcome, route: share.route.name, ...retry });
        pending = [...pending, ...refused.map(([address]) => address)];
        this.observer.routeFailover(share.route.name, provider, refused.length);
      }
    }
    const last = this.lastAnswer(skipped, hosts);
    for (const address of pending) outcomes.set(address, this.refusalAnswer(refusals.get(address)) ?? last);
    return outcomes;
  }

  /** Rejected RCPTs one session may collect on the first MX address, as the pool's first route knows it. */
  sessionErrorBudget(hosts: MailHost[]): number {
    return this.routes[0].prober.sessionErrorBudget(hosts);
  }

  /**
   * Splits the addresses over the candidates in service, in proportion to each one's free sessions at the
   * first MX address (a single address goes to the freest, turn by turn among equals); a half-open route
   * gets one address, its trial; caps of checks bound each share. `left`: addresses no share took.
   */
  private share(
    candidates: ProbeRoute[],
    addresses: string[],
    hosts: MailHost[],
    scope: RouteScope,
    provider: string,
  ): { shares: Share[]; left: string[]; skipped: Skipped | null } {
    const first = hosts.flatMap((h) => h.addresses)[0];
    const anyPublic = hosts.some((h) => h.addresses.some((a) => nonPublicReason(a) === null));
    let skipped: Skipped | null = null;
    const open: Array<{ route: ProbeRoute; trial: boolean; weight: number }> = [];
    for (const route of candidates) {
      // Port 25 closed through this route: only private and loopback MX addresses (labs) are reachable on it.
      if (route.egress.blocked && anyPublic) {
        skipped = { kind: 'port_25_blocked', until: this.clock() + EGRESS_RECHECK_MS };
        continue;
      }
      const out = this.health.outNow(route.name, [scope]);
      if (out) {
        skipped = { kind: out.reason === 'ip_blocked' ? 'ip_blocked' : 'no_route', until: out.until };
        continue;
      }
      const freeAt = route.quota.freeAt(provider);
      if (freeAt > 0) {
        skipped ??= { kind: 'no_route', until: freeAt };
        continue;
      }
      const admitted = this.health.admit(route.name, [scope]);
      const weight = first ? route.pool.freeSessions(first, route.port) : 1;
      open.push({ route, trial: admitted === 'trial', weight: Math.max(1, weight) });
    }
    if (open.length === 0) return { shares: [], left: addresses, skipped };
    const start = this.turn++ % open.length;
    const ordered = [...open.slice(start), ...open.slice(0, start)].sort((a, b) => b.weight - a.weight);
    const total = ordered.filter((o) => !o.trial).reduce((sum, o) => sum + o.weight, 0);
    const shares: Share[] = [];
    let next = 0;
    for (const { route, trial, weight } of ordered) {
      const wanted = trial ? 1 : Math.ceil((addresses.length * weight) / Math.max(1, total));
      const granted = route.quota.take(provider, Math.min(wanted, addresses.length - next));
      if (granted === 0) {
        if (trial) this.health.trialUnanswered(route.name, [scope]);
        continue;
      }
      shares.push({ route, addresses: addresses.slice(next, next + granted), trial });
      next += granted;
    }
    if (next < addresses.length && shares.length > 0 && ordered.every((o) => !o.trial)) {
      // Rounding or a cap left some: the route with room takes them in the same call.
      const untrialed = shares.find((s) => !s.trial);
      const extra = untrialed ? untrialed.route.quota.take(provider, addresses.length - next) : 0;
      if (untrialed && extra > 0) {
        untrialed.addresses = [...untrialed.addresses, ...addresses.slice(next, next + extra)];
        next += extra;
      }
    }
    return { shares, left: addresses.slice(next), skipped };
  }

  private async probeOn(
    share: Share,
    hosts: MailHost[],
    deadline: number,
    control: ProbeControl,
    lane: ProbeLane,
    scope: RouteScope,
    provider: string,
  ): Promise<Map<string, ProbeOutcome>> {
    const { route } = share;
    const started = this.clock();
    // Another call's session may take the route out meanwhile: then no further session goes out on it here.
    const routeOut = (): ProbeOutcome | null => {
      if (share.trial) return null;
      const out = this.health.outNow(route.name, [scope]);
      return out ? { kind: out.reason as ProbeKind, retryAfterMs: out.until - this.clock() } : null;
    };
    const result = await route.prober.probe(hosts, share.addresses, deadline, { ...control, routeOut }, lane);
    const durationMs = this.clock() - started;
    const refusal = [...result.values()].find((o) => ROUTE_FAILURES.has(o.kind));
    for (const outcome of result.values()) this.observer.routeProbed(route.name, outcome.kind, provider, durationMs);
    if (refusal && this.quarantines) this.takeOut(route, refusal, scope, provider);
    else if (share.trial && result.size > 0) this.bringBack(route, scope);
    else if (share.trial) this.health.trialUnanswered(route.name, [scope]);
    return result;
  }

  private takeOut(route: ProbeRoute, refusal: ProbeOutcome, scope: RouteScope, provider: string): void {
    const everywhere = isProxyFailure(refusal.kind);
    const { until, fresh } = this.health.refused(route.name, everywhere ? '*' : scope, refusal.kind);
    if (!fresh) return;
    const where = everywhere ? 'everywhere' : `for ${scope.replace(':', ' ')}`;
    const reply = refusal.reply ? ` (${refusal.reply.code} ${refusal.reply.text.slice(0, 160)})` : '';
    this.logger.warn(
      `egress route "${route.name}" out of service ${where} until ${new Date(until).toISOString()}: ${refusal.kind}${reply}`,
    );
    this.observer.routeOut(route.name, everywhere ? 'route' : provider ? 'provider' : 'mx', provider, refusal.kind);
  }

  private bringBack(route: ProbeRoute, scope: RouteScope): void {
    if (this.health.recovered(route.name, [scope]))
      this.logger.log(`egress route "${route.name}" back in service (${scope})`);
  }

  /** An address refused on its last route answers that refusal; a proxy's failure is `no_route`. */
  private refusalAnswer(refusal: ProbeOutcome | undefined): ProbeOutcome | undefined {
    if (!refusal || !isProxyFailure(refusal.kind)) return refusal;
    return { ...refusal, kind: 'no_route', retryAfterMs: EGRESS_RECHECK_MS };
  }

  /** What addresses no route could take answer: why the pool's routes were skipped. */
  private lastAnswer(skipped: Skipped | null, hosts: MailHost[]): ProbeOutcome {
    const mxHost = hosts[0]?.name;
    if (skipped) return { kind: skipped.kind, mxHost, retryAfterMs: Math.max(0, skipped.until - this.clock()) };
    return { kind: 'no_route', mxHost, retryAfterMs: EGRESS_RECHECK_MS };
  }
}
