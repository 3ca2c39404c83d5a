import { Counter, Histogram, Registry } from 'prom-client';
import type { DeliveryEvent } from '@lib/webhooks';
import { statusClass } from '@lib/metrics';

/** Webhook deliveries as their streams recorded them in this process. */
export class WebhookEventMetrics {
  private readonly deliveries: Counter<'outcome'>;
  private readonly duration: Histogram<'status_class'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.deliveries = new Counter({
      name: 'mailcheck_webhook_deliveries_total',
      help: 'Webhook delivery outcomes: delivered, retry_scheduled (an attempt failed) or gave_up (retries spent).',
      labelNames: ['outcome'],
      registers,
    });
    for (const outcome of ['delivered', 'retry_scheduled', 'gave_up']) this.deliveries.inc({ outcome }, 0);
    this.duration = new Histogram({
      name: 'mailcheck_webhook_delivery_duration_seconds',
      help: "Webhook delivery attempts by the receiver's status class (error: no HTTP answer).",
      labelNames: ['status_class'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
  }

  record(event: DeliveryEvent): void {
    switch (event.type) {
      case 'DeliveryAttempted':
        this.duration.observe(
          { status_class: event.data.status === null ? 'error' : statusClass(event.data.status) },
          event.data.durationMs / 1000,
        );
        return;
      case 'DeliverySucceeded':
        this.deliveries.inc({ outcome: 'delivered' });
        return;
      case 'DeliveryRetryScheduled':
        this.deliveries.inc({ outcome: 'retry_scheduled' });
        return;
      case 'DeliveryFailed':
        this.deliveries.inc({ outcome: 'gave_up' });
        return;
      default:
    }
  }
}
