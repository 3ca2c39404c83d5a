import { Logger } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig, ConfigError, loadConfig } from '@lib/config';
import { Clock } from '@lib/common';
import { MetricsExposure } from '@lib/metrics';
import { CheckpointsAheadError } from '@lib/readstore';
import { AdapterWrappers, DataDirInUseError, DataDirLock, describeAdapters } from '@lib/platform';
import { announceDemoAccount, ensureDemoAccount } from '@lib/api';
import { createHttpApp } from '@lib/http-host';
import { exitGracefullyOnSignals } from './graceful-shutdown';
import { RootModule } from './root.module';

export interface RunningApp {
  app: NestFastifyApplication;
  config: AppConfig;
  url: string;
  /** Where Prometheus scrapes this process; null when metrics are not served (docs/operations.md, Metrics). */
  metricsUrl: string | null;
  demo: { accountId: string; apiKey: string; credits: number } | null;
  /** Closes the application, then gives DATA_DIR up to the next process. */
  close(): Promise<void>;
}

/** Builds and starts a process with the given roles; the one entry used by every main and by the e2e tests. */
export async function startRoles(
  config: AppConfig,
  overrides: { clock?: Clock; wrap?: AdapterWrappers } = {},
): Promise<RunningApp> {
  // Before any store is opened: a second process on the same embedded files must not even start.
  const lock = DataDirLock.neededFor(config)
    ? DataDirLock.acquire(
        config.dataDir,
        `pid ${process.pid}, roles ${config.roles.join('+')}, since ${new Date().toISOString()}`,
      )
    : null;
  let app: NestFastifyApplication;
  try {
    app = await createHttpApp(RootModule.forRoles(config, overrides), config);
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const demo = config.roles.includes('api') ? await ensureDemoAccount(app, config) : null;
  const url = `http://127.0.0.1:${port}`;
  const exposure = app.get(MetricsExposure);
  const metricsUrl =
    exposure.mode === 'own-port' ? exposure.listenerUrl : exposure.mode === 'api-port' ? `${url}/metrics` : null;
  const close = async () => {
    try {
      await app.close();
    } finally {
      lock?.release();
    }
  };
  return { app, config, url, metricsUrl, demo, close };
}

export async function main(defaultRoles: AppConfig['roles']): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig(process.env, defaultRoles);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = new Logger('main');
  let running: RunningApp;
  try {
    running = await startRoles(config);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(75); // EX_TEMPFAIL: it can start once the other process has stopped
    }
    if (error instanceof CheckpointsAheadError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG: this read store and this event log do not belong together
    }
    throw error;
  }
  exitGracefullyOnSignals(running, config.http.shutdownTimeoutMs);
  logger.log(
    `listening on ${running.url}; API docs at ${running.url}/docs (OpenAPI JSON at /docs-json); roles ${config.roles.join('+')} on ${JSON.stringify(describeAdapters(config))}`,
  );
  if (running.demo) announceDemoAccount(running.demo, `http://localhost:${new URL(running.url).port}`, config.dataDir);
  logger.log(running.app.get(MetricsExposure).describe(running.url));
}
