import { isIP } from 'node:net';
import { hostname } from 'node:os';
import * as path from 'node:path';
import { AppConfig } from './app-config';
import { readEgressRoutes } from './egress-routes';
import { EnvReader, type EnvVariable } from './env-parsers';
import { eventStoreUrlProblem } from './eventstore-url';
import { mongoUrlDatabase, mongoUrlProblem } from './mongo-url';
import { longestPaidCallMs } from './paid-call-budget';
import { isProduction, readAdminToken, readManualAutoConfirm } from './production-rules';
import { readVerificationToken } from './verification-token-keys';
import { readPersonalData } from './personal-data-config';
import { readRetention } from './retention-config';

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

function readConfig(r: EnvReader, defaultRoles: AppConfig['roles']): AppConfig {
  const production = isProduction(r);
  const brokers = r.list('KAFKA_BROKERS');
  const roles = (r.list('APP_ROLES') ?? defaultRoles) as AppConfig['roles'];
  for (const role of roles) if (!ROLES.includes(role)) r.problems.push(`APP_ROLES has unknown role "${role}"`);
  const dnsServers = r.list('DNS_SERVERS');
  const mongoUrl = r.checked('MONGO_URL', mongoUrlProblem);
  for (const server of dnsServers ?? []) {
    if (!/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:]+\])(:\d{1,5})?$|^[0-9a-f:]+$/i.test(server))
      r.problems.push(`DNS_SERVERS entry "${server}" must be ip or ip:port`);
  }
  const fileRetentionDays = r.int('JOB_FILE_RETENTION_DAYS', 30, 0, 36_500);
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
    publishableRateLimit: {
      perVisitorPerMinute: r.int('PUBLISHABLE_RATE_LIMIT_PER_VISITOR_PER_MINUTE', 10, 1, 1_000_000),
      perKeyPerMinute: r.int('PUBLISHABLE_RATE_LIMIT_PER_MINUTE', 120, 1, 1_000_000),
      perKeyPerDay: r.int('PUBLISHABLE_RATE_LIMIT_PER_DAY', 10_000, 1, 100_000_000),
    },
    verificationToken: readVerificationToken(r, production, roles),
    maxKeysPerAccount: r.int('MAX_KEYS_PER_ACCOUNT', 100, 1, 100_000),
    demoAccount: {
      enabled: r.bool('DEMO_ACCOUNT', true),
      credits: r.int('DEMO_ACCOUNT_CREDITS', 1000, 0, 1_000_000_000),
    },
    probe: {
      dnsServers,
      smtpPort: r.int('SMTP_PROBE_PORT', 25, 1, 65535),
      heloName: r.string('SMTP_HELO_NAME', 'verifier.localhost'),
      mailFrom: r.string('SMTP_MAIL_FROM', 'probe@verifier.localhost'),
      connectTimeoutMs: r.int('SMTP_CONNECT_TIMEOUT_MS', 10_000, 100, 120_000),
      bannerTimeoutMs: r.int('SMTP_BANNER_TIMEOUT_MS', 30_000, 100, 300_000),
      commandTimeoutMs: r.int('SMTP_COMMAND_TIMEOUT_MS', 20_000, 100, 300_000),
      greylistDelaysMs: r.intList('GREYLIST_RETRY_DELAYS_MS', [60_000, 300_000, 900_000]),
      interactiveBudgetMs: r.int('VERIFY_INTERACTIVE_BUDGET_MS', 25_000, 100, 300_000),
      perMxConcurrency: r.int('SMTP_PER_MX_CONCURRENCY', 3, 1, 100),
      perMxConcurrencyFloor: r.int('SMTP_PER_MX_CONCURRENCY_FLOOR', 1, 1, 100),
      connectsPerSecondPerMx: r.int('SMTP_CONNECTS_PER_SECOND_PER_MX', 50, 1, 10_000),
      connectsPerSecondPerMxCeiling: r.int('SMTP_CONNECTS_PER_SECOND_PER_MX_CEILING', 500, 1, 10_000),
      sessionErrorBudget: r.int('SMTP_SESSION_ERROR_BUDGET', 8, 1, 1_000),
      reconnectBackoffMs: r.int('SMTP_RECONNECT_BACKOFF_MS', 1_000, 10, 600_000),
      tarpitFloorMs: r.int('SMTP_TARPIT_FLOOR_MS', 500, 10, 300_000),
      allowPrivateNetworks: r.bool('PROBE_ALLOW_PRIVATE_NETWORKS', false),
      sessionReuse: r.bool('SMTP_SESSION_REUSE', true),
      egressId: r.string('SMTP_EGRESS_ID', hostname()),
      preflight: r.bool('SMTP_PREFLIGHT', true),
      preflightHost: r.optional('SMTP_PREFLIGHT_HOST'),
      routes: null,
    },
    jobs: {
      chunkSize: r.int('JOB_CHUNK_SIZE', 200, 1, 10_000),
      greylistRetryDelaysMs: r.intList('JOB_GREYLIST_RETRY_DELAYS_MS', [120_000, 600_000, 1_800_000]),
      maxUploadBytes: r.int('JOB_MAX_UPLOAD_BYTES', 50 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
      maxUniqueEmails: r.int('JOB_MAX_UNIQUE_EMAILS', 500_000, 1, 10_000_000),
      fileRetentionDays,
      duplicateWindowHours: r.int('JOB_DUPLICATE_WINDOW_HOURS', 24, 0, 8_760),
    },
    webhooks: {
      allowPrivateNetworks: r.bool('WEBHOOK_ALLOW_PRIVATE_NETWORKS', false),
      caFile: r.optional('WEBHOOK_CA_FILE'),
      timeoutMs: r.int('WEBHOOK_TIMEOUT_MS', 5_000, 100, 60_000),
      retryDelaysMs: r.intList('WEBHOOK_RETRY_DELAYS_MS', [30_000, 120_000, 600_000, 1_800_000, 7_200_000, 21_600_000]),
    },
    credits: {
      packagesFile: r.optional('CREDIT_PACKAGES_FILE'),
      holdExpirySeconds: r.int('CREDIT_HOLD_EXPIRY_SECONDS', 600, 1, 86_400),
    },
    metrics: readMetrics(r),
    mail: {
      smtpRelayUrl: r.url('SMTP_RELAY_URL', ['smtp:', 'smtps:']),
      from: r.string('MAIL_FROM', 'Mailcheck <no-reply@mailcheck.localhost>'),
    },
    dashboard: readDashboard(r),
    payments: readPayments(r, production),
    personalData: readPersonalData(r, production),
    retention: readRetention(r, fileRetentionDays),
    roles,
  };
  config.probe.routes = readEgressRoutes(
    r.optional('SMTP_ROUTES_FILE'),
    r.optional('SMTP_ROUTES'),
    config.probe,
    r.problems,
  );
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

/** A hold that can expire while its call still runs would be released under it: refused at start. */
function holdExpiryProblem(holdExpirySeconds: number, verifyInteractiveBudgetMs: number): string | null {
  const neededSeconds = Math.ceil(longestPaidCallMs(verifyInteractiveBudgetMs) / 1000);
  if (holdExpirySeconds >= neededSeconds) return null;
  return (
    `CREDIT_HOLD_EXPIRY_SECONDS (${holdExpirySeconds}) must be at least ${neededSeconds}: a paid call holds its credits for up to ` +
    `${neededSeconds} s (the longer of VERIFY_INTERACTIVE_BUDGET_MS and a 100-contact finder batch, plus time to settle), and a hold ` +
    'that expired while its call still ran would be released under it'
  );
}

/** IP addresses or CIDR ranges, as Fastify's trustProxy (proxy-addr) takes them. */
function readTrustedProxies(r: EnvReader): string[] {
  const entries = r.list('TRUSTED_PROXIES') ?? [];
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
    if (!family || rest.length > 0 || !prefixOk)
      r.problems.push(`TRUSTED_PROXIES entry "${entry}" must be an IP address or a CIDR range such as 10.0.0.0/8`);
  }
  return entries;
}

function readHttpTimeouts(r: EnvReader): AppConfig['http'] {
  const requestTimeoutMs = r.int('HTTP_REQUEST_TIMEOUT_MS', 120_000, 1_000, 3_600_000);
  // Below Docker's 10 s stop grace period by default, so the process ends itself before it is killed.
  const shutdownTimeoutMs = r.int('SHUTDOWN_TIMEOUT_MS', 8_000, 1_000, 600_000);
  return { requestTimeoutMs, shutdownTimeoutMs };
}

function readPayments(r: EnvReader, production: boolean): AppConfig['payments'] {
  const processor = r.oneOf('PAYMENT_PROCESSOR', 'manual', ['manual', 'stripe'] as const);
  const secretKey = r.optional('STRIPE_SECRET_KEY');
  const webhookSecret = r.optional('STRIPE_WEBHOOK_SECRET');
  const apiUrl = r.url('STRIPE_API_URL', ['http:', 'https:']);
  if (processor === 'stripe' && (!secretKey || !webhookSecret))
    r.problems.push('PAYMENT_PROCESSOR=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  const stripe = processor === 'stripe' && secretKey && webhookSecret ? { secretKey, webhookSecret, apiUrl } : null;
  return {
    processor,
    manualAutoConfirm: readManualAutoConfirm(r, production),
    stripe,
    orderRecoveryAfterSeconds: r.int('ORDER_RECOVERY_AFTER_SECONDS', 900, 10, 86_400),
  };
}

function readDashboard(r: EnvReader): AppConfig['dashboard'] {
  const publicUrl = r.url('DASHBOARD_URL', ['http:', 'https:']) ?? `http://localhost:${r.int('PORT', 3000, 0, 65535)}`;
  return {
    publicUrl: publicUrl.replace(/\/+$/, ''),
    // Plain HTTP is only for local use; a browser drops Secure cookies there, so they are Secure exactly when the UI is https.
    secureCookies: publicUrl.startsWith('https:'),
    trialCredits: r.int('TRIAL_CREDITS', 100, 0, 1_000_000_000),
    sessionTtlHours: r.int('SESSION_TTL_HOURS', 336, 1, 8_760),
    signInFailuresPerAccount: r.int('SIGNIN_MAX_FAILURES_PER_ACCOUNT', 5, 1, 1_000),
    signInFailuresPerAddress: r.int('SIGNIN_MAX_FAILURES_PER_ADDRESS', 50, 1, 100_000),
    signInWindowSeconds: r.int('SIGNIN_WINDOW_SECONDS', 900, 1, 86_400),
    mailPerClient: r.int('MAIL_MAX_PER_CLIENT', 30, 1, 1_000_000),
    mailPerRecipient: r.int('MAIL_MAX_PER_RECIPIENT', 5, 1, 1_000),
    invitesPerAccount: r.int('INVITES_MAX_PER_ACCOUNT', 20, 1, 100_000),
    mailWindowSeconds: r.int('MAIL_WINDOW_SECONDS', 3600, 1, 86_400),
    maxSessionsPerUser: r.int('MAX_SESSIONS_PER_USER', 20, 1, 10_000),
  };
}

/** The account's bucket defaults to the key's: unset, an account has the documented per-key rate whatever its number of keys. */
function readRateLimits(r: EnvReader): AppConfig['rateLimit'] {
  const perSecond = r.int('RATE_LIMIT_PER_SECOND', 50, 1, 1_000_000);
  const burst = r.int('RATE_LIMIT_BURST', 100, 1, 1_000_000);
  return {
    perSecond,
    burst,
    account: {
      perSecond: r.int('RATE_LIMIT_ACCOUNT_PER_SECOND', perSecond, 1, 1_000_000),
      burst: r.int('RATE_LIMIT_ACCOUNT_BURST', burst, 1, 1_000_000),
    },
    dashboard: {
      perSecond: r.int('DASHBOARD_RATE_LIMIT_PER_SECOND', 20, 1, 1_000_000),
      burst: r.int('DASHBOARD_RATE_LIMIT_BURST', 60, 1, 1_000_000),
    },
  };
}

// A token that guards metrics on the public port should not be guessable or break the header.
const METRICS_TOKEN_SHAPE = /^[\x21-\x7e]{16,}$/;

function readMetrics(r: EnvReader): AppConfig['metrics'] {
  const token = r.optional('METRICS_TOKEN');
  if (token !== null && !METRICS_TOKEN_SHAPE.test(token))
    r.problems.push('METRICS_TOKEN must be at least 16 printable ASCII characters without spaces');
  return {
    port: r.optionalInt('METRICS_PORT', 0, 65535),
    host: r.string('METRICS_HOST', r.string('HOST', '0.0.0.0')),
    token,
  };
}
