import { Counter, Registry } from 'prom-client';
import type { FinderCallEvent, FinderJobEvent, FinderReason } from '@lib/finder';

/** Finder lookups by how they ended: single and batch calls, and the rows of finder jobs. */
export class FinderEventMetrics {
  private readonly calls: Counter<'source' | 'outcome'>;

  constructor(registry: Registry) {
    this.calls = new Counter({
      name: 'mailcheck_finder_calls_total',
      help: 'Finder lookups by source (single, batch, job) and outcome (the reason: found, catch_all, not_found, ...).',
      labelNames: ['source', 'outcome'],
      registers: [registry],
    });
  }

  record(event: FinderCallEvent | FinderJobEvent): void {
    if (event.type === 'EmailFound' || event.type === 'EmailNotFound')
      this.count(event.data.source.kind, event.data.outcome.reason);
    else if (event.type === 'FinderChunkCompleted')
      for (const row of event.data.results) this.count('job', row.outcome.reason);
  }

  private count(source: 'single' | 'batch' | 'job', outcome: FinderReason): void {
    this.calls.inc({ source, outcome });
  }
}
