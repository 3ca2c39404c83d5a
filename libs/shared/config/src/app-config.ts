import type { CreditsConfig, PaymentsConfig } from './slices/credits';
import type { DashboardConfig } from './slices/dashboard';
import type { HttpConfig } from './slices/http';
import type { JobsConfig } from './slices/jobs';
import type { MailConfig } from './slices/mail';
import type { MetricsConfig } from './slices/metrics';
import type { PersonalDataConfig } from './slices/personal-data';
import type { ProbeConfig } from './slices/probe';
import type { PublishableRateLimitConfig, RateLimitConfig } from './slices/rate-limits';
import type { RetentionConfig } from './slices/retention';
import type { VerificationTokenConfig } from './slices/verification-token';
import type { WebhooksConfig } from './slices/webhooks';

/**
 * Validated configuration of every app. Built once at start from the environment; nothing else reads process.env.
 * Each concern's settings are declared once, with the reader of their variables, in slices/<concern>.ts; the
 * libs read those slice types as they are.
 */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  adminToken: string | null;
  /** Wrong admin tokens one client address may send per minute (a burst of this many, refilled over a minute) before 429. */
  adminMaxFailuresPerAddress: number;
  eventStoreUrl: string | null;
  mongoUrl: string | null;
  mongoDatabase: string;
  kafkaBrokers: string[] | null;
  kafkaPartitions: number;
  /** A Kafka consumer that misses heartbeats this long loses its partitions (how soon a crashed worker's work moves). */
  kafkaSessionTimeoutMs: number;
  /** KAFKA_NAMESPACE: prefix of every topic and consumer group on a broker shared with other deployments; null: none. */
  kafkaNamespace: string | null;
  /** Embedded bus: age after which messages every group has read are deleted; 0 keeps the log forever. */
  busRetentionHours: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  http: HttpConfig;
  /**
   * Load balancers in front of the api (IP addresses or CIDR ranges): a request from one of them is taken
   * to come from the address it names in X-Forwarded-For (the nearest one it does not trust). Empty: the
   * connection's peer is the client and the header is ignored, so a client cannot choose its address
   * (the per-address sign-in throttle keys on it).
   */
  trustedProxies: string[];
  /**
   * The per-address throttles (sign-in, mail, admin token, anonymous dashboard requests) count an IPv6
   * client by its first this-many bits, as one subscriber holds a whole prefix (a /64, commonly).
   */
  throttleIpv6PrefixLength: number;
  rateLimit: RateLimitConfig;
  publishableRateLimit: PublishableRateLimitConfig;
  verificationToken: VerificationTokenConfig;
  /** Active (not revoked) API keys one account may hold; a new one past it answers 409 (code 1108). */
  maxKeysPerAccount: number;
  demoAccount: { enabled: boolean; credits: number };
  probe: ProbeConfig;
  jobs: JobsConfig;
  webhooks: WebhooksConfig;
  credits: CreditsConfig;
  metrics: MetricsConfig;
  mail: MailConfig;
  dashboard: DashboardConfig;
  /** How personal fields are sealed in the event log (crypto-shredding). */
  personalData: PersonalDataConfig;
  /** The retention each account may choose, within the operator's bounds (HISTORY_RETENTION_DAYS*, JOB_FILE_RETENTION_DAYS*). */
  retention: RetentionConfig;
  payments: PaymentsConfig;
  /** Which roles this process runs: all-in-one runs api, worker and projector. */
  roles: Array<'api' | 'worker' | 'projector'>;
}
