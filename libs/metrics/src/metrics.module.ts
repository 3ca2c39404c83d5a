import { DynamicModule, Global, Module } from '@nestjs/common';
import { HoldSweepObserver } from '@lib/credits';
import { VERIFICATION_OBSERVER } from '@lib/verification';
import { MetricsExposure } from './exposure/metrics-exposure';
import { Metrics } from './metrics';
import { METRICS_CONFIG, metricsConfigProvider } from './metrics.config';

/**
 * The process's one Metrics, for the modules that report to it (the engine, the projector, the HTTP
 * hooks, the hold sweeper), its configuration slice and its exposure. The event store and bus get theirs through PlatformModule.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(metrics: Metrics): DynamicModule {
    return {
      module: MetricsModule,
      providers: [
        { provide: Metrics, useValue: metrics },
        { provide: HoldSweepObserver, useValue: metrics.holdSweeps },
        { provide: VERIFICATION_OBSERVER, useValue: metrics.verification },
        metricsConfigProvider,
        MetricsExposure,
      ],
      exports: [Metrics, HoldSweepObserver, VERIFICATION_OBSERVER, METRICS_CONFIG, MetricsExposure],
    };
  }
}
