import { Counter, Histogram, Registry } from 'prom-client';
import type { ProbeKind } from '@lib/verification-engine';

const provider = (name: string): string => name || 'other';

/** Per egress route (libs/domain/verification-engine's routes): sessions, RCPT outcomes and their latency, quarantines, failovers. */
export class EgressRouteMetrics {
  private readonly sessions: Counter<'route' | 'provider'>;
  private readonly rcpts: Counter<'route' | 'outcome' | 'provider'>;
  private readonly latency: Histogram<'route'>;
  private readonly outs: Counter<'route' | 'scope' | 'provider' | 'reason'>;
  private readonly failovers: Counter<'route' | 'provider'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.sessions = new Counter({
      name: 'mailcheck_egress_route_sessions_total',
      help: 'SMTP connections opened on each egress route, by mailbox provider of the MX.',
      labelNames: ['route', 'provider'],
      registers,
    });
    this.rcpts = new Counter({
      name: 'mailcheck_egress_route_probes_total',
      help: 'Addresses probed on each egress route, by outcome kind (accepted, no_mailbox, ip_blocked, proxy_*, …) and provider.',
      labelNames: ['route', 'outcome', 'provider'],
      registers,
    });
    this.latency = new Histogram({
      name: 'mailcheck_egress_route_probe_duration_seconds',
      help: "Time of each egress route's share of a probe call.",
      labelNames: ['route'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60],
      registers,
    });
    this.outs = new Counter({
      name: 'mailcheck_egress_route_quarantines_total',
      help: 'Egress routes taken out of service: scope route (its proxy failed or port 25 is closed through it) or provider/mx (refused by reputation), with the reason kind.',
      labelNames: ['route', 'scope', 'provider', 'reason'],
      registers,
    });
    this.failovers = new Counter({
      name: 'mailcheck_egress_route_failovers_total',
      help: 'Addresses handed from an egress route to another route of their pool.',
      labelNames: ['route', 'provider'],
      registers,
    });
  }

  sessionOpened(route: string, providerName: string): void {
    this.sessions.inc({ route, provider: provider(providerName) });
  }

  probed(route: string, kind: ProbeKind, providerName: string, durationMs: number): void {
    this.rcpts.inc({ route, outcome: kind, provider: provider(providerName) });
    this.latency.observe({ route }, durationMs / 1000);
  }

  out(route: string, scope: string, providerName: string, reason: string): void {
    this.outs.inc({ route, scope, provider: provider(providerName), reason });
  }

  failover(route: string, providerName: string, addresses: number): void {
    this.failovers.inc({ route, provider: provider(providerName) }, addresses);
  }
}
