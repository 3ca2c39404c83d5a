import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { HealthController } from './health/health.controller';
import { AllExceptionsFilter } from './http/all-exceptions.filter';
import { EnvelopeInterceptor } from './http/envelope.interceptor';
import { MetricsHttp } from './metrics/metrics-http';

/**
 * What every process serves over HTTP, whatever its roles: /health and /ready for orchestrators, /metrics
 * when METRICS_TOKEN puts it on PORT, the envelope and error mapping those (and the api's routes) answer
 * in, and the check of every route's documented integer query parameters. A worker-only or projector-only
 * process runs this alone; the api role adds ApiModule beside it.
 */
@Module({
  controllers: [HealthController],
  providers: [
    MetricsHttp,
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
  ],
})
export class OpsModule {}
