import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '@lib/config';
import { Clock } from '@lib/common';
import { Metrics, MetricsModule } from '@lib/metrics';
import { AdapterWrappers, describeAdapters, PlatformModule } from '@lib/platform';
import { ApiModule } from '@lib/api';
import { OpsModule } from '@lib/http-host';
import { ProjectorModule } from './projector/projector.module';
import { WorkerModule } from '@lib/worker';
import { PersonalDataPoliciesModule } from './personal-data-policies.module';
import { DomainMetrics } from './domain-metrics/domain-metrics';
import { DomainMetricsModule } from './domain-metrics/domain-metrics.module';
import { EgressReadiness } from './egress-readiness';

/** Composes the roles this process runs (APP_ROLES) on the adapters chosen by configuration, with one Metrics for the process. */
@Module({})
export class RootModule {
  static forRoles(config: AppConfig, overrides: { clock?: Clock; wrap?: AdapterWrappers } = {}): DynamicModule {
    const roles = new Set(config.roles);
    const metrics = new Metrics();
    const domainMetrics = new DomainMetrics(metrics);
    return {
      module: RootModule,
      imports: [
        PlatformModule.forRoot(config, {
          ...overrides,
          observers: { appends: domainMetrics.appends, bus: metrics.bus, reads: metrics.reads },
        }),
        MetricsModule.forRoot(metrics, config.metrics),
        DomainMetricsModule.forRoot(domainMetrics),
        PersonalDataPoliciesModule,
        // Every process answers /health, /ready and /metrics; only the api role adds the use cases.
        OpsModule.forRoot({ adapters: describeAdapters(config), readiness: EgressReadiness }),
        ...(roles.has('api') ? [ApiModule] : []),
        ...(roles.has('worker') ? [WorkerModule] : []),
        ...(roles.has('projector') ? [ProjectorModule] : []),
      ],
    };
  }
}
