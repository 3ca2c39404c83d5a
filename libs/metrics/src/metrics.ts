import { collectDefaultMetrics, Registry } from 'prom-client';
import { BusMetrics } from './bus-metrics';
import { DomainEventMetrics } from './domain-events/domain-event-metrics';
import { HoldSweepMetrics } from './hold-sweep-metrics';
import { HttpMetrics } from './http-metrics';
import { ProjectionLagMetrics } from './projection-lag-metrics';
import { ReadStoreMetrics } from './read-store-metrics';
import { VerificationMetrics } from './verification-metrics';

/**
 * Every series of one process, in its own registry (not prom-client's global one, so two apps in one
 * test process do not share counters). Each group is the observer a library accepts; the app wires them.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly http = new HttpMetrics(this.registry);
  readonly verification = new VerificationMetrics(this.registry);
  readonly events = new DomainEventMetrics(this.registry, this.verification);
  readonly bus = new BusMetrics(this.registry);
  readonly holdSweeps = new HoldSweepMetrics(this.registry);
  readonly projections = new ProjectionLagMetrics(this.registry);
  readonly reads = new ReadStoreMetrics(this.registry);

  constructor() {
    // CPU, memory, heap, event-loop lag, GC and handles under their standard names (process_*, nodejs_*).
    collectDefaultMetrics({ register: this.registry });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text exposition of every series. */
  render(): Promise<string> {
    return this.registry.metrics();
  }
}
