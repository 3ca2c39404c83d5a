import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { MetricsConfig } from '@lib/config';
import { Metrics } from '../metrics';
import { METRICS_CONFIG } from '../metrics.config';
import { MetricsListener } from './metrics-listener';

/**
 * own-port: a listener of its own on METRICS_HOST:METRICS_PORT (token required there too when set);
 * api-port: GET /metrics on PORT behind the bearer METRICS_TOKEN; off: not served at all.
 */
export type MetricsExposureMode = 'own-port' | 'api-port' | 'off';

/** Never unauthenticated on the public port: without a port of its own, only a token puts /metrics on PORT. */
function exposureOf(settings: MetricsConfig): MetricsExposureMode {
  if (settings.port !== null) return 'own-port';
  return settings.token !== null ? 'api-port' : 'off';
}

/** Where this process serves /metrics, decided once from configuration; runs the own listener when there is one. */
@Injectable()
export class MetricsExposure implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly mode: MetricsExposureMode;
  private listener: MetricsListener | null = null;
  /** The own listener's scrape URL once it listens. */
  listenerUrl: string | null = null;

  constructor(
    private readonly metrics: Metrics,
    @Inject(METRICS_CONFIG) private readonly config: MetricsConfig,
  ) {
    this.mode = exposureOf(config);
  }

  async onApplicationBootstrap(): Promise<void> {
    const { port, host, token } = this.config;
    if (port === null) return;
    this.listener = new MetricsListener(this.metrics, { port, host, token });
    this.listenerUrl = await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.stop();
  }

  /** One line for the start-up log. */
  describe(apiUrl: string): string {
    if (this.mode === 'own-port')
      return `metrics at ${this.listenerUrl}${this.config.token ? ' (bearer token required)' : ''}`;
    if (this.mode === 'api-port') return `metrics at ${apiUrl}/metrics (bearer token required)`;
    return 'metrics not served: set METRICS_PORT or METRICS_TOKEN';
  }
}
