import type { AppendObserver } from '@lib/eventstore';
import type { Metrics } from '@lib/metrics';
import { DomainEventMetrics } from './domain-events/domain-event-metrics';
import { HoldSweepMetrics } from './hold-sweep-metrics';
import { VerificationMetrics } from './verification-metrics';

/**
 * What the domains report, as series on the process's registry. Each domain reports through what it
 * owns: the engine through its VerificationObserver port, the hold sweeper through credits'
 * HoldSweepObserver, and credits, jobs, finder and webhooks through the events they declare and append.
 * The metrics lib knows no domain, and no domain knows Prometheus: they meet here, in the app's wiring.
 */
export class DomainMetrics {
  readonly verification: VerificationMetrics;
  readonly events: DomainEventMetrics;
  readonly holdSweeps: HoldSweepMetrics;
  /** The event store's one observer: each append counted as an append (the metrics lib), then by what its events say. */
  readonly appends: AppendObserver;

  constructor(metrics: Metrics) {
    this.verification = new VerificationMetrics(metrics.registry);
    this.events = new DomainEventMetrics(metrics.registry, this.verification);
    this.holdSweeps = new HoldSweepMetrics(metrics.registry);
    this.appends = {
      appended: (streamId, events) => {
        metrics.appends.appended(streamId, events);
        this.events.appended(streamId, events);
      },
    };
  }
}
