import { randomUUID } from 'node:crypto';
import { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig } from '@lib/config';
import { configureFastify, JSON_BODY_LIMIT } from './http/configure-fastify';
import { ROUTES } from './http/route-table';
import { answerClientError, answerFrameworkError } from './http/transport-errors';
import { createValidationPipe } from './http/validation.pipe';
import { registerSecurityHeaders } from './http/security-headers';
import { setupOpenApi } from './docs/openapi';
import { createPino, PinoNestLogger } from './logging/app-logger';

/** Builds the Fastify-based Nest application of every process (the ops routes, and the API when the root module includes it). */
export async function createHttpApp(
  root: Type<unknown> | DynamicModule,
  config: AppConfig,
): Promise<NestFastifyApplication> {
  const pino = createPino(config);
  const adapter = new FastifyAdapter({
    loggerInstance: pino as never, // Nest bundles its own copy of Fastify's types
    bodyLimit: JSON_BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    // request.ip (the per-address sign-in throttle) reads X-Forwarded-For only from these balancers.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    genReqId: () => randomUUID(),
    // The request (headers and body, uploads included) must arrive in time: a body trickled a byte at a
    // time gets 408 instead of holding a connection and delaying shutdown. Responses (SSE) are not bounded.
    requestTimeout: config.http.requestTimeoutMs,
    // Node checks request deadlines on this interval (30 s by default, far coarser than the deadline).
    http: {
      connectionsCheckingInterval: Math.min(1_000, config.http.requestTimeoutMs / 4),
      headersTimeout: Math.min(60_000, config.http.requestTimeoutMs),
    } as never,
    // Refusals raised before any route runs answer in the envelope too.
    frameworkErrors: answerFrameworkError as never, // Nest bundles its own copy of Fastify's types
    clientErrorHandler: answerClientError,
  });
  await configureFastify(adapter.getInstance() as never, ROUTES, config.jobs.maxUploadBytes);
  registerSecurityHeaders(adapter.getInstance() as never);
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
    bodyParser: false,
    bufferLogs: false,
    logger: config.logLevel === 'silent' ? false : new PinoNestLogger(pino),
  });
  app.useGlobalPipes(createValidationPipe());
  adapter.getInstance().addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  setupOpenApi(app);
  await app.init();
  return app;
}
