import { Histogram, Registry } from 'prom-client';
import { oneOf, statusClass } from './label-values';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Request latency of the HTTP listener on PORT. */
export class HttpMetrics {
  private readonly duration: Histogram<'method' | 'route' | 'status_class'>;

  constructor(registry: Registry) {
    this.duration = new Histogram({
      name: 'mailcheck_http_request_duration_seconds',
      help: 'HTTP requests by method, route template and status class (SSE streams count once, when they end).',
      labelNames: ['method', 'route', 'status_class'],
      // A single verify may wait out greylisting for up to VERIFY_INTERACTIVE_BUDGET_MS (25 s by default).
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    });
  }

  /** `route` is the matched template (`/v1/jobs/:id`), never the URL; null when no route matched. */
  observe(method: string, route: string | null, status: number, seconds: number): void {
    this.duration.observe(
      { method: oneOf(method, METHODS), route: route ?? 'unmatched', status_class: statusClass(status) },
      seconds,
    );
  }
}
