import { DynamicModule, Global, Module } from '@nestjs/common';
import { HoldSweepObserver } from '@lib/ledger';
import { VERIFICATION_OBSERVER } from '@lib/verification-engine';
import { DomainMetrics } from './domain-metrics';

/**
 * The process's implementations of the domains' observer ports (the engine's, the hold sweeper's),
 * global so that the modules declaring those ports find them wherever a role imports them.
 */
@Global()
@Module({})
export class DomainMetricsModule {
  static forRoot(metrics: DomainMetrics): DynamicModule {
    return {
      module: DomainMetricsModule,
      providers: [
        { provide: HoldSweepObserver, useValue: metrics.holdSweeps },
        { provide: VERIFICATION_OBSERVER, useValue: metrics.verification },
      ],
      exports: [HoldSweepObserver, VERIFICATION_OBSERVER],
    };
  }
}
