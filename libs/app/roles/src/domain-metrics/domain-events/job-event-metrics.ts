import { Counter, Registry } from 'prom-client';
import type { VerificationJobEvent } from '@lib/verification-jobs';
import type { FinderJobEvent } from '@lib/finder';
import type { VerificationMetrics } from '../verification-metrics';

/** Bulk verification and finder jobs as their streams recorded them in this process. */
export class JobEventMetrics {
  private readonly rows: Counter<'result'>;
  private readonly chunks: Counter<'kind'>;
  private readonly chunkRetries: Counter;
  private readonly ended: Counter<'kind' | 'status'>;

  constructor(
    registry: Registry,
    private readonly verification: VerificationMetrics,
  ) {
    const registers = [registry];
    this.rows = new Counter({
      name: 'mailcheck_job_rows_total',
      help: 'Bulk verification job rows given a final result by a worker, by result (duplicate rows count with their address).',
      labelNames: ['result'],
      registers,
    });
    this.chunks = new Counter({
      name: 'mailcheck_job_chunks_completed_total',
      help: 'Job chunks whose results were recorded, by job kind.',
      labelNames: ['kind'],
      registers,
    });
    this.chunkRetries = new Counter({
      name: 'mailcheck_job_chunk_retries_total',
      help: 'Greylisting retry chunks scheduled by bulk verification jobs.',
      registers,
    });
    this.ended = new Counter({
      name: 'mailcheck_jobs_ended_total',
      help: 'Jobs that reached a terminal status, by kind and status.',
      labelNames: ['kind', 'status'],
      registers,
    });
    // Zero from the start, so a rate of failed jobs is 0 rather than absent.
    for (const kind of ['verification', 'finder'])
      for (const status of ['completed', 'failed', 'cancelled']) this.ended.inc({ kind, status }, 0);
  }

  record(event: VerificationJobEvent | FinderJobEvent): void {
    switch (event.type) {
      case 'ChunkCompleted':
        this.chunks.inc({ kind: 'verification' });
        for (const result of event.data.results) this.rows.inc({ result: result.verdict.result }, result.rows);
        return;
      case 'FinderChunkCompleted':
        this.chunks.inc({ kind: 'finder' });
        return;
      case 'ChunkRetryScheduled':
        if (event.data.remainder) return; // rows left for credits to come back, not greylisted
        this.chunkRetries.inc();
        this.verification.bulkRetriesScheduled(event.data.items.length);
        return;
      case 'JobCompleted':
        this.ended.inc({ kind: event.data.kind, status: 'completed' });
        return;
      case 'JobFailed':
        this.ended.inc({ kind: event.data.kind, status: 'failed' });
        return;
      case 'JobCancelled':
        this.ended.inc({ kind: 'verification', status: 'cancelled' });
        return;
      case 'FinderJobCancelled':
        this.ended.inc({ kind: 'finder', status: 'cancelled' });
        return;
      default:
    }
  }
}
