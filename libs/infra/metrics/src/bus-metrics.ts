import { Counter, Registry } from 'prom-client';
import type { BusObserver } from '@lib/messaging';

/** What this process's bus consumers did with each delivery (libs/infra/messaging's observer). */
export class BusMetrics implements BusObserver {
  private readonly consumedTotal: Counter<'topic' | 'group'>;
  private readonly failedTotal: Counter<'topic' | 'group'>;
  private readonly deadLetters: Counter<'topic' | 'group'>;

  constructor(registry: Registry) {
    const registers = [registry];
    const labelNames = ['topic', 'group'] as const;
    this.consumedTotal = new Counter({
      name: 'mailcheck_bus_messages_consumed_total',
      help: 'Messages handled successfully and committed, by topic and consumer group.',
      labelNames,
      registers,
    });
    this.failedTotal = new Counter({
      name: 'mailcheck_bus_messages_failed_total',
      help: 'Failed handler attempts (each is retried until its attempts are spent), by topic and group.',
      labelNames,
      registers,
    });
    this.deadLetters = new Counter({
      name: 'mailcheck_bus_dead_letters_total',
      help: 'Messages sent to <topic>.dlq after their last failed attempt, by topic and group.',
      labelNames,
      registers,
    });
  }

  consumed(topic: string, group: string): void {
    this.consumedTotal.inc({ topic, group });
  }

  failed(topic: string, group: string): void {
    this.failedTotal.inc({ topic, group });
  }

  deadLettered(topic: string, group: string): void {
    this.deadLetters.inc({ topic, group });
  }
}
