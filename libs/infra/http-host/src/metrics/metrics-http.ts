import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { MetricsConfig } from '@lib/config';
import { answerScrape, METRICS_CONFIG, METRICS_PATH, Metrics, MetricsExposure } from '@lib/metrics';

/**
 * Latency of every request on PORT by route template, and GET /metrics on PORT when METRICS_TOKEN puts it
 * there. That route is Fastify's own, not a Nest controller: no API-key guard, rate limit, envelope or
 * OpenAPI entry; the latency hook leaves it out so scrapes do not count themselves. Runs at module init,
 * before Fastify is ready, which is when hooks and routes can still be added.
 */
@Injectable()
export class MetricsHttp implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: Metrics,
    private readonly exposure: MetricsExposure,
    @Inject(METRICS_CONFIG) private readonly config: MetricsConfig,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onResponse', async (request, reply) => {
      // The template Fastify matched (`/v1/jobs/:id`); undefined for requests no route matched.
      const route = request.routeOptions.url ?? null;
      if (route === METRICS_PATH) return;
      this.metrics.http.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });
    if (this.exposure.mode !== 'api-port') return;
    fastify.get(METRICS_PATH, async (request, reply) => {
      try {
        const answer = await answerScrape(this.metrics, this.config.token, request.headers.authorization);
        return reply.status(answer.status).headers(answer.headers).send(answer.body);
      } catch {
        return reply
          .status(500)
          .header('content-type', 'text/plain; charset=utf-8')
          .send('Metrics could not be collected\n');
      }
    });
  }
}
