import { randomUUID } from 'node:crypto';
import { ConsoleLogger, DynamicModule, LogLevel, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig } from '@lib/config';
import { configureFastify, JSON_BODY_LIMIT } from './http/configure-fastify';
import { ROUTES } from './http/route-table';
import { answerClientError, answerFrameworkError } from './http/transport-errors';
import { createValidationPipe } from './http/validation.pipe';
import { setupOpenApi } from './docs/openapi';

/** Builds the Fastify-based Nest application around a root module that includes the ApiModule. */
export async function createApiApp(root: Type<unknown> | DynamicModule, config: AppConfig): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
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
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, { bodyParser: false, bufferLogs: false, logger: nestLogger(config) });
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  adapter.getInstance().addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  setupOpenApi(app);
  await app.init();
  return app;
}

const NEST_LEVELS: Record<AppConfig['logLevel'], LogLevel[]> = {
  fatal: ['fatal'], error: ['fatal', 'error'], warn: ['fatal', 'error', 'warn'], info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug'], trace: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'], silent: [],
};

/** Nest's own messages as JSON lines, like Fastify's request logs, so one log pipeline parses both. */
function nestLogger(config: AppConfig): ConsoleLogger | false {
  return config.logLevel === 'silent' ? false : new ConsoleLogger({ json: true, logLevels: NEST_LEVELS[config.logLevel] });
}
