import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { HealthController } from './health/health.controller';
import { AllExceptionsFilter } from './http/all-exceptions.filter';
import { EnvelopeInterceptor } from './http/envelope.interceptor';
import { MetricsHttp } from './metrics/metrics-http';

/** What a worker or projector process serves over HTTP: /health and /ready for orchestrators, and /metrics when METRICS_TOKEN puts it on PORT. */
@Module({
  controllers: [HealthController],
  providers: [
    MetricsHttp,
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
  ],
})
export class OpsModule {}
