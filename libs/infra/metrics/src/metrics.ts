import { collectDefaultMetrics, Registry } from 'prom-client';
import { AppendMetrics } from './append-metrics';
import { BusMetrics } from './bus-metrics';
import { HttpMetrics } from './http-metrics';
import { ProjectionLagMetrics } from './projection-lag-metrics';
import { ReadStoreMetrics } from './read-store-metrics';

/**
 * The series every process has, whatever its domains, in its own registry (not prom-client's global one,
 * so two apps in one test process do not share counters): HTTP, appends, bus, read store, projection lag
 * and the runtime. Each group is the observer an infrastructure lib accepts; what the domains report
 * (through ports they own) the app counts on this same registry. The app wires them.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly http = new HttpMetrics(this.registry);
  readonly appends = new AppendMetrics(this.registry);
  readonly bus = new BusMetrics(this.registry);
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
