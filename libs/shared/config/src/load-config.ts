import * as path from 'node:path';
import { AppConfig } from './app-config';
import { EnvReader, type EnvVariable } from './env-parsers';
import { eventStoreUrlProblem } from './eventstore-url';
import { mongoUrlDatabase, mongoUrlProblem } from './mongo-url';
import { isProduction, readAdminToken } from './production-rules';
import { holdExpiryProblem, readCredits, readPayments } from './slices/credits';
import { readDashboard } from './slices/dashboard';
import { readHttpTimeouts, readTrustedProxies } from './slices/http';
import { readJobs } from './slices/jobs';
import { readMail } from './slices/mail';
import { readMetrics } from './slices/metrics';
import { readPersonalData } from './slices/personal-data';
import { readProbe } from './slices/probe';
import { readPublishableRateLimits, readRateLimits } from './slices/rate-limits';
import { readRetention } from './slices/retention';
import { readVerificationToken } from './slices/verification-token';
import { readWebhooks } from './slices/webhooks';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const ROLES = ['api', 'worker', 'projector'] as const;

/** Reads and validates the whole configuration; throws ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined>, defaultRoles: AppConfig['roles']): AppConfig {
  const r = new EnvReader(env);
  const config = readConfig(r, defaultRoles);
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}

/**
 * Every variable loadConfig reads, with the kind, fallback and bounds its parser applies, from a read of an
 * empty environment (every read is unconditional, so none is missed): docs/configuration.md is generated
 * from this and config-reference.ts (npm run generate:config-docs).
 */
export function declaredConfigVariables(): EnvVariable[] {
  const r = new EnvReader({});
  readConfig(r, ['api', 'worker', 'projector']);
  return [...r.variables.values()];
}

/** The platform's own settings here; each concern's slice is read by its reader in slices/ and composed. */
function readConfig(r: EnvReader, defaultRoles: AppConfig['roles']): AppConfig {
  const production = isProduction(r);
  const brokers = r.list('KAFKA_BROKERS');
  const roles = (r.list('APP_ROLES') ?? defaultRoles) as AppConfig['roles'];
  for (const role of roles) if (!ROLES.includes(role)) r.problems.push(`APP_ROLES has unknown role "${role}"`);
  const mongoUrl = r.checked('MONGO_URL', mongoUrlProblem);
  const jobs = readJobs(r);
  const config: AppConfig = {
    port: r.int('PORT', 3000, 0, 65535),
    host: r.string('HOST', '0.0.0.0'),
    dataDir: path.resolve(r.string('DATA_DIR', './data')),
    adminToken: readAdminToken(r, production),
    adminMaxFailuresPerAddress: r.int('ADMIN_MAX_FAILURES_PER_ADDRESS', 10, 1, 1_000_000),
    eventStoreUrl: r.checked('EVENTSTORE_URL', eventStoreUrlProblem),
    mongoUrl,
    // MongoDB's own convention: the connection string's path names the database; MONGO_DATABASE overrides it.
    mongoDatabase: r.string('MONGO_DATABASE', (mongoUrl && mongoUrlDatabase(mongoUrl)) ?? 'mailcheck'),
    kafkaBrokers: brokers,
    kafkaPartitions: r.int('KAFKA_PARTITIONS', 6, 1, 1000),
    // Within the broker's default group.min/max.session.timeout.ms (6 s / 30 min; 5 min before Kafka 2.3).
    kafkaSessionTimeoutMs: r.int('KAFKA_SESSION_TIMEOUT_MS', 30_000, 6_000, 300_000),
    kafkaNamespace: r.checked('KAFKA_NAMESPACE', (raw) =>
      /^[A-Za-z0-9_-]{1,60}\.$/.test(raw)
        ? null
        : 'KAFKA_NAMESPACE must be letters, digits, _ or - (at most 60), then a dot',
    ),
    busRetentionHours: r.int('BUS_RETENTION_HOURS', 24, 0, 87_600),
    logLevel: r.oneOf('LOG_LEVEL', 'info', LOG_LEVELS),
    http: readHttpTimeouts(r),
    trustedProxies: readTrustedProxies(r),
    throttleIpv6PrefixLength: r.int('THROTTLE_IPV6_PREFIX_LENGTH', 64, 16, 128),
    rateLimit: readRateLimits(r),
    publishableRateLimit: readPublishableRateLimits(r),
    verificationToken: readVerificationToken(r, production, roles),
    maxKeysPerAccount: r.int('MAX_KEYS_PER_ACCOUNT', 100, 1, 100_000),
    demoAccount: {
      enabled: r.bool('DEMO_ACCOUNT', true),
      credits: r.int('DEMO_ACCOUNT_CREDITS', 1000, 0, 1_000_000_000),
    },
    probe: readProbe(r),
    jobs,
    webhooks: readWebhooks(r),
    credits: readCredits(r),
    metrics: readMetrics(r),
    mail: readMail(r),
    dashboard: readDashboard(r),
    payments: readPayments(r, production),
    personalData: readPersonalData(r, production),
    retention: readRetention(r, jobs.fileRetentionDays),
    roles,
  };
  if (config.metrics.port !== null && config.metrics.port !== 0 && config.metrics.port === config.port) {
    r.problems.push(`METRICS_PORT must differ from PORT (both ${config.port}): the metrics listener is a second one`);
  }
  const holdProblem = holdExpiryProblem(config.credits.holdExpirySeconds, config.probe.interactiveBudgetMs);
  if (holdProblem) r.problems.push(holdProblem);
  const keys = config.personalData.keyStorePostgres;
  if (keys && config.mongoUrl && keys.schema === config.mongoDatabase)
    r.problems.push(
      `DATA_KEYS_POSTGRES_SCHEMA must not be MONGO_DATABASE's name ("${keys.schema}"): FerretDB keeps that database in the PostgreSQL schema of the same name, and dropping the database would drop the keys`,
    );
  return config;
}
