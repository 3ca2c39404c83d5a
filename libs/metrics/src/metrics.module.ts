import { DynamicModule, Global, Module } from '@nestjs/common';
import { MetricsExposure } from './exposure/metrics-exposure';
import { Metrics } from './metrics';
import { METRICS_CONFIG, metricsConfigProvider } from './metrics.config';

/**
 * The process's one Metrics, for the modules that report to it (the projector, the HTTP hooks), its
 * configuration slice and its exposure. The event store, read store and bus get theirs through PlatformModule.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(metrics: Metrics): DynamicModule {
    return {
      module: MetricsModule,
      providers: [{ provide: Metrics, useValue: metrics }, metricsConfigProvider, MetricsExposure],
      exports: [Metrics, METRICS_CONFIG, MetricsExposure],
    };
  }
}
