import { randomUUID } from 'node:crypto';
import { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig } from '@lib/config';
import { configureFastify, JSON_BODY_LIMIT } from './http/configure-fastify';
import { ROUTES } from './http/route-table';
import { answerClientError, answerFrameworkError } from './http/transport-errors';
import { createValidationPipe } from './http/validation.pipe';
import { setupOpenApi } from './docs/openapi';
import { createPino, PinoNestLogger } from './logging/app-logger';

/** Builds the Fastify-based Nest application around a root module that includes the ApiModule. */
export async function createApiApp(root: Type<unknown> | DynamicModule, config: AppConfig): Promise<NestFastifyApplication> {
  const pino = createPino(config);
  const adapter = new FastifyAdapter({
    loggerInstance: pino as never, // Nest bundles its own copy of Fastify's types
    bodyLimit: JSON_BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Proxies and load balancers keep SSE and long uploads open; do not cut them.
    requestTimeout: 0,
    // Refusals raised before any route runs answer in the envelope too.
    frameworkErrors: answerFrameworkError as never, // Nest bundles its own copy of Fastify's types
    clientErrorHandler: answerClientError,
  });
  await configureFastify(adapter.getInstance() as never, ROUTES, config.jobs.maxUploadBytes);
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, { bodyParser: false, bufferLogs: false, logger: config.logLevel === 'silent' ? false : new PinoNestLogger(pino) });
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  adapter.getInstance().addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  setupOpenApi(app);
  await app.init();
  return app;
}
