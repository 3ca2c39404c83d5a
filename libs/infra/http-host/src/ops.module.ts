import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { HealthController } from './health/health.controller';
import { READY_ADAPTERS, type OpsOptions } from './health/ops-options';
import { ReadinessNotes } from './health/readiness-notes';
import { AllExceptionsFilter } from './http/all-exceptions.filter';
import { EnvelopeInterceptor } from './http/envelope.interceptor';
import { MetricsHttp } from './metrics/metrics-http';

/**
 * What every process serves over HTTP, whatever its roles: /health and /ready for orchestrators, /metrics
 * when METRICS_TOKEN puts it on PORT, the envelope and error mapping those (and the api's routes) answer
 * in, and the check of every route's documented integer query parameters. A worker-only or projector-only
 * process runs this alone; the api role adds ApiModule beside it.
 */
@Module({})
export class OpsModule {
  static forRoot({ adapters, readiness }: OpsOptions): DynamicModule {
    return {
      module: OpsModule,
      controllers: [HealthController],
      providers: [
        MetricsHttp,
        { provide: READY_ADAPTERS, useValue: adapters },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        ...(readiness ? [{ provide: ReadinessNotes, useClass: readiness }] : []),
      ],
    };
  }
}
