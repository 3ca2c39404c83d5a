import { DynamicModule, Global, Module } from '@nestjs/common';
import { MetricsExposure } from './exposure/metrics-exposure';
import { Metrics } from './metrics';
import type { MetricsConfig } from '@lib/config';
import { METRICS_CONFIG } from './metrics.config';

/**
 * The process's one Metrics, for the modules that report to it (the projector, the HTTP hooks), its
 * configuration slice (handed in by the app, so this lib stands on no platform) and its exposure. The
 * event store, read store and bus get theirs through PlatformModule.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(metrics: Metrics, settings: MetricsConfig): DynamicModule {
    return {
      module: MetricsModule,
      providers: [
        { provide: Metrics, useValue: metrics },
        { provide: METRICS_CONFIG, useValue: settings },
        MetricsExposure,
      ],
      exports: [Metrics, METRICS_CONFIG, MetricsExposure],
    };
  }
}
