import { Registry } from 'prom-client';
import type { AppendObserver, NewEvent } from '@lib/eventstore';
import type { CreditLedgerEvent } from '@lib/ledger';
import type { FinderCallEvent, FinderJobEvent } from '@lib/finder';
import type { VerificationJobEvent } from '@lib/verification-jobs';
import type { DeliveryEvent } from '@lib/webhooks';
import type { VerificationMetrics } from '../verification-metrics';
import { CreditEventMetrics } from './credit-event-metrics';
import { FinderEventMetrics } from './finder-event-metrics';
import { JobEventMetrics } from './job-event-metrics';
import { WebhookEventMetrics } from './webhook-event-metrics';

/** Any event this codebase appends; each group reads the members it knows by their type. */
type DomainEvent = CreditLedgerEvent | VerificationJobEvent | FinderJobEvent | FinderCallEvent | DeliveryEvent;

/**
 * Credits, jobs, finder and webhook series, counted from the events this process appends: every such
 * fact is an event the domain declares, so the domain code needs no metrics hooks, and an idempotent
 * no-op (nothing appended) is never counted.
 */
export class DomainEventMetrics implements AppendObserver {
  private readonly credits: CreditEventMetrics;
  private readonly jobs: JobEventMetrics;
  private readonly finder: FinderEventMetrics;
  private readonly webhooks: WebhookEventMetrics;

  constructor(registry: Registry, verification: VerificationMetrics) {
    this.credits = new CreditEventMetrics(registry);
    this.jobs = new JobEventMetrics(registry, verification);
    this.finder = new FinderEventMetrics(registry);
    this.webhooks = new WebhookEventMetrics(registry);
  }

  appended(_streamId: string, events: readonly NewEvent[]): void {
    for (const { type, data } of events) {
      const event = { type, data } as DomainEvent;
      this.credits.record(event as CreditLedgerEvent);
      this.jobs.record(event as VerificationJobEvent | FinderJobEvent);
      this.finder.record(event as FinderCallEvent | FinderJobEvent);
      this.webhooks.record(event as DeliveryEvent);
    }
  }
}
