import { Logger } from '@nestjs/common';
import { VerificationEngine } from './engine/verification-engine';
import type { ProbeRoute } from './egress/probe-route';
import { EGRESS_RECHECK_MS } from './smtp/smtp-egress';
import { isProxyFailure } from './smtp/smtp-errors';
import { smtpPreflight } from './smtp/smtp-preflight';
import type { VerificationConfig } from './verification.config';

/**
 * Runs the port-25 preflight at start on every egress route, through the route itself (its source address
 * or its proxy), and records what it found on the route: while port 25 is blocked through a route, public
 * MX hosts are not probed on it. A proxy that is down, refuses our credentials or refuses port 25 takes the
 * route out of service everywhere (RouteHealth) until a later check or its cool-down. Until a check finds a
 * route open it checks it again every EGRESS_RECHECK_MS, so probing resumes by itself when the network (or
 * the cloud's port-25 unblock request) changes. Said loudly once per change, not every check.
 */
export class SmtpEgressMonitor {
  private readonly logger = new Logger('verification');
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly engine: VerificationEngine,
    private readonly config: VerificationConfig,
    private readonly host: string | undefined,
  ) {}

  start(): void {
    for (const route of this.engine.routes) this.track(this.check(route));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    await Promise.all(this.running);
  }

  private track(check: Promise<void>): void {
    this.running.add(check);
    void check.finally(() => this.running.delete(check));
  }

  private async check(route: ProbeRoute): Promise<void> {
    const before = route.egress.status.state;
    const result = await smtpPreflight(this.config, this.host, () => undefined, this.engine.resolver, route.dial);
    route.egress.record(result.state, result.detail, Date.now());
    const named = this.engine.routes.length > 1 || route.name !== 'default' ? `egress route "${route.name}": ` : '';
    if (isProxyFailure(result.failure)) {
      const { fresh } = this.engine.routeHealth.refused(route.name, '*', result.failure);
      if (fresh) this.logger.warn(`${named}SMTP preflight: ${result.detail}; the route is out of service`);
    } else if (result.state !== before) {
      const line = `${named}SMTP preflight: ${result.detail}`;
      if (result.state === 'open') this.logger.log(line);
      else this.logger.warn(line);
    }
    if (result.state !== 'open' && !this.stopped) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.track(this.check(route));
      }, EGRESS_RECHECK_MS);
      timer.unref();
      this.timers.add(timer);
    }
  }
}
