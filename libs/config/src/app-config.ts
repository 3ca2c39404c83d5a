import type { EgressRoutes } from './egress-routes.types';
import type { PersonalDataConfig } from './personal-data-config';
import type { RetentionConfig } from './retention-config';
/** Validated configuration of every app. Built once at start from the environment; nothing else reads process.env. */
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
  /**
   * requestTimeoutMs: a request's headers and whole body (uploads included) must arrive within this,
   * else 408 and the connection is closed (slow bodies). Responses (SSE, downloads) are not bounded by it.
   * shutdownTimeoutMs: after SIGTERM/SIGINT the process stops its consumers and timers, drains open
   * requests, and exits at the latest this long after the signal.
   */
  http: { requestTimeoutMs: number; shutdownTimeoutMs: number };
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
  /**
   * Token buckets: perSecond/burst per API key (per signed-in user on /v1), `account` per account over all
   * its keys and users together, `dashboard` per signed-in user (per client address when anonymous) on /dashboard/v1.
   */
  rateLimit: {
    perSecond: number;
    burst: number;
    account: { perSecond: number; burst: number };
    dashboard: { perSecond: number; burst: number };
  };
  /**
   * Publishable keys (mck_pub_, in web pages) spend these buckets beside the key's and the account's, per
   * minute or per day (a burst of the number, refilled over the period): per visitor of one key (its
   * client address, an IPv6 one by its throttleIpv6PrefixLength prefix), per key per minute, per key per day.
   */
  publishableRateLimit: { perVisitorPerMinute: number; perKeyPerMinute: number; perKeyPerDay: number };
  /**
   * The Ed25519 keypair that signs the verification tokens of publishable answers. signingKey: base64 of
   * the PKCS#8 DER private key (null: generated once in DATA_DIR, refused under NODE_ENV=production,
   * as every api replica must sign with the same key). retiredPublicKeys: base64 SPKI DER public keys still
   * accepted (and published) during a rotation. ttlSeconds: how long a token is valid.
   */
  verificationToken: { signingKey: string | null; retiredPublicKeys: string[]; ttlSeconds: number };
  /** Active (not revoked) API keys one account may hold; a new one past it answers 409 (code 1108). */
  maxKeysPerAccount: number;
  demoAccount: { enabled: boolean; credits: number };
  probe: {
    dnsServers: string[] | null;
    smtpPort: number;
    heloName: string;
    mailFrom: string;
    connectTimeoutMs: number;
    bannerTimeoutMs: number;
    commandTimeoutMs: number;
    greylistDelaysMs: number[];
    interactiveBudgetMs: number;
    perMxConcurrency: number;
    /** Adaptive SMTP sessions (libs/verification's MxLimits): see the SMTP_* entries of docs/configuration.md. */
    perMxConcurrencyFloor: number;
    connectsPerSecondPerMx: number;
    connectsPerSecondPerMxCeiling: number;
    sessionErrorBudget: number;
    reconnectBackoffMs: number;
    tarpitFloorMs: number;
    allowPrivateNetworks: boolean;
    sessionReuse: boolean;
    /**
     * Processes with the same id share one budget of sessions per MX address (in MongoDB when MONGO_URL is
     * set): one id per egress address the mail servers see. Default: the host name.
     */
    egressId: string;
    preflight: boolean;
    /** The public MX the port-25 preflight connects to; null: the library's default (Gmail's MX). */
    preflightHost: string | null;
    /** The ways out to mail servers (SMTP_ROUTES_FILE / SMTP_ROUTES); null: one direct route with the settings above. */
    routes: EgressRoutes | null;
  };
  /**
   * fileRetentionDays: the worker deletes an ended job's uploaded file and row results this many days after
   * it ended (customers' lists are personal data); 0 keeps them forever. duplicateWindowHours: an upload of
   * the same file with the same options within this many hours of an earlier one is refused unless
   * allowed (code 3021); 0 never refuses.
   */
  jobs: {
    chunkSize: number;
    greylistRetryDelaysMs: number[];
    maxUploadBytes: number;
    maxUniqueEmails: number;
    fileRetentionDays: number;
    duplicateWindowHours: number;
  };
  webhooks: { allowPrivateNetworks: boolean; caFile: string | null; timeoutMs: number; retryDelaysMs: number[] };
  /**
   * holdExpirySeconds: the worker ends interactive holds older than this (left by a crashed request): charged from recorded work,
   * else released. At least longestPaidCallMs (paid-call-budget.ts), so a live call's hold never expires under it.
   */
  credits: { packagesFile: string | null; holdExpirySeconds: number };
  /**
   * Prometheus /metrics. port: a listener of its own on host:port serving only /metrics (null: none);
   * token: the bearer token /metrics then requires. Without a port, /metrics is served on PORT only when
   * a token is set, so the public listener never exposes it unauthenticated.
   */
  metrics: { port: number | null; host: string; token: string | null };
  /**
   * Outgoing mail (confirmation, reset and invitation links). smtpRelayUrl null: the embedded outbox
   * writes each message as an .eml file under DATA_DIR/outbox/ instead of sending it.
   */
  mail: { smtpRelayUrl: string | null; from: string };
  /**
   * The customer dashboard (/dashboard/v1). publicUrl: where the web UI is served; mailed links start
   * with it, and session cookies are Secure when it is https. Sign-in failures are counted per account
   * and per client address in fixed windows of signInWindowSeconds, in the store every process shares (SignInAttempts).
   */
  dashboard: {
    publicUrl: string;
    secureCookies: boolean;
    trialCredits: number;
    sessionTtlHours: number;
    signInFailuresPerAccount: number;
    signInFailuresPerAddress: number;
    signInWindowSeconds: number;
    /** Anonymous mail and password-hash requests per client address, mails per recipient, invitations per team, per window. */
    mailPerClient: number;
    mailPerRecipient: number;
    invitesPerAccount: number;
    mailWindowSeconds: number;
    /** Unexpired sessions one user may hold at once; a sign-in past it answers 409 (code 6015). */
    maxSessionsPerUser: number;
  };
  /** How personal fields are sealed in the event log (crypto-shredding). */
  personalData: PersonalDataConfig;
  /** The retention each account may choose, within the operator's bounds (HISTORY_RETENTION_DAYS*, JOB_FILE_RETENTION_DAYS*). */
  retention: RetentionConfig;
  /** manualAutoConfirm: the manual processor's test mode, in which every payment succeeds at once (never in production). */
  payments: {
    processor: 'manual' | 'stripe';
    manualAutoConfirm: boolean;
    /** Required when processor is stripe. apiUrl: another API base (stripe-mock); null for Stripe's. */
    stripe: { secretKey: string; webhookSecret: string; apiUrl: string | null } | null;
    /** The worker asks the processor about orders left Pending, or completed and not credited, this long after they were placed. */
    orderRecoveryAfterSeconds: number;
  };
  /** Which roles this process runs: all-in-one runs api, worker and projector. */
  roles: Array<'api' | 'worker' | 'projector'>;
}
