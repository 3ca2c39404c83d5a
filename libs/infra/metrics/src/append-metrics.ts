import { Counter, Registry } from 'prom-client';
import type { AppendObserver, NewEvent } from '@lib/eventstore';

/**
 * Appends to the event store and the events they carried, by type: what every process counts whatever
 * its domains. What an event means (a hold placed, a job ended) is counted by the app's own observers.
 */
export class AppendMetrics implements AppendObserver {
  private readonly events: Counter<'type'>;
  private readonly appends: Counter;

  constructor(registry: Registry) {
    this.events = new Counter({
      name: 'mailcheck_events_appended_total',
      help: 'Domain events appended by this process, by event type.',
      labelNames: ['type'],
      registers: [registry],
    });
    this.appends = new Counter({
      name: 'mailcheck_event_appends_total',
      help: 'Appends (writes to the event store, each one or more events to one stream) made by this process.',
      registers: [registry],
    });
  }

  appended(_streamId: string, events: readonly NewEvent[]): void {
    this.appends.inc();
    for (const { type } of events) this.events.inc({ type });
  }
}
