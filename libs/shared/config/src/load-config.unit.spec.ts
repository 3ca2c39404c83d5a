import { ConfigError, loadConfig } from './load-config';
import { FINDER_BATCH_BUDGET_MS, longestPaidCallMs } from './paid-call-budget';

const load = (env: Record<string, string>) => loadConfig(env, ['api']);

describe('loadConfig', () => {
  describe('KAFKA_NAMESPACE', () => {
    it('is unset by default and takes a prefix that ends in a dot', () => {
      expect(load({}).kafkaNamespace).toBeNull();
      expect(load({ KAFKA_NAMESPACE: 'staging-2.' }).kafkaNamespace).toBe('staging-2.');
    });

    it('refuses a prefix Kafka would not take in a topic name, or one without its dot', () => {
      for (const value of ['staging', 'a b.', 'x/y.', `${'n'.repeat(61)}.`])
        expect(() => load({ KAFKA_NAMESPACE: value })).toThrow(/KAFKA_NAMESPACE/);
    });
  });

  describe('KAFKA_SESSION_TIMEOUT_MS', () => {
    it('defaults to 30 s and takes a value the broker accepts', () => {
      expect(load({}).kafkaSessionTimeoutMs).toBe(30_000);
      expect(load({ KAFKA_SESSION_TIMEOUT_MS: '6000' }).kafkaSessionTimeoutMs).toBe(6000);
    });

    it('refuses values outside 6000-300000 (below 6000 a default broker rejects the join)', () => {
      expect(() => load({ KAFKA_SESSION_TIMEOUT_MS: '5999' })).toThrow(ConfigError);
      expect(() => load({ KAFKA_SESSION_TIMEOUT_MS: '300001' })).toThrow(/KAFKA_SESSION_TIMEOUT_MS/);
    });
  });

  describe('HTTP_REQUEST_TIMEOUT_MS and SHUTDOWN_TIMEOUT_MS', () => {
    it("default to 120 s for a request to arrive and 8 s for shutdown (under Docker's 10 s grace period)", () => {
      expect(load({}).http).toEqual({ requestTimeoutMs: 120_000, shutdownTimeoutMs: 8_000 });
      expect(load({ HTTP_REQUEST_TIMEOUT_MS: '1000', SHUTDOWN_TIMEOUT_MS: '600000' }).http).toEqual({
        requestTimeoutMs: 1_000,
        shutdownTimeoutMs: 600_000,
      });
    });

    it('refuse 0 (no bound at all), values out of range and non-numbers, naming the variable', () => {
      expect(() => load({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
      expect(() => load({ HTTP_REQUEST_TIMEOUT_MS: '3600001' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
      expect(() => load({ SHUTDOWN_TIMEOUT_MS: '999' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
      expect(() => load({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    });
  });

  describe('MONGO_URL and MONGO_DATABASE', () => {
    it("uses the database named in MONGO_URL's path when MONGO_DATABASE is unset", () => {
      expect(load({ MONGO_URL: 'mongodb://mongo:27017/mydb' }).mongoDatabase).toBe('mydb');
      expect(load({ MONGO_URL: 'mongodb://u:p%2Fw%40x@a:1,b:2,c:3/crm_prod?replicaSet=rs0' }).mongoDatabase).toBe(
        'crm_prod',
      );
      expect(load({ MONGO_URL: 'mongodb+srv://cluster.example.com/reads%2Dstore' }).mongoDatabase).toBe('reads-store');
    });

    it('lets MONGO_DATABASE override the path, and falls back to mailcheck when neither names one', () => {
      expect(load({ MONGO_URL: 'mongodb://mongo/mydb', MONGO_DATABASE: 'other' }).mongoDatabase).toBe('other');
      expect(load({ MONGO_URL: 'mongodb://m1,m2,m3/?replicaSet=rs0' }).mongoDatabase).toBe('mailcheck');
      expect(load({ MONGO_URL: 'mongodb://mongo:27017' }).mongoDatabase).toBe('mailcheck');
      expect(load({}).mongoDatabase).toBe('mailcheck');
    });

    it('accepts several host:port pairs (a replica set) and refuses what the driver could not use, without echoing it', () => {
      expect(load({ MONGO_URL: 'mongodb://a:27017,b:27017,c:27017/db?replicaSet=rs0' }).mongoUrl).toBe(
        'mongodb://a:27017,b:27017,c:27017/db?replicaSet=rs0',
      );
      expect(() => load({ MONGO_URL: 'postgres://secret@db/x' })).toThrow(/MONGO_URL must start with mongodb/);
      expect(() => load({ MONGO_URL: 'mongodb:///db' })).toThrow(/MONGO_URL must name at least one host/);
      expect(() => load({ MONGO_URL: 'mongodb://a,,b/db' })).toThrow(/MONGO_URL must name at least one host/);
      expect(() => load({ MONGO_URL: 'mongodb://a/my.db' })).toThrow(/MONGO_URL names a database MongoDB refuses/);
      expect(() => load({ MONGO_URL: 'postgres://secret@db/x' })).not.toThrow(/secret/);
    });
  });

  describe('DATA_KEYS_POSTGRES_URL beside MONGO_URL', () => {
    const keysAt = { DATA_KEYS_POSTGRES_URL: 'postgres://keys:secret@pg:5432/ferretdb' };

    it('keeps the data keys in PostgreSQL, in a schema of their own', () => {
      expect(load({ MONGO_URL: 'mongodb://ferretdb/mailcheck', ...keysAt }).personalData.keyStorePostgres).toEqual({
        url: keysAt.DATA_KEYS_POSTGRES_URL,
        schema: 'personal_data',
      });
    });

    it("refuses the read store's database name as the key schema (FerretDB's schema of that name), without echoing the URL", () => {
      const env = { MONGO_URL: 'mongodb://ferretdb/mailcheck', ...keysAt, DATA_KEYS_POSTGRES_SCHEMA: 'mailcheck' };
      expect(() => load(env)).toThrow(/DATA_KEYS_POSTGRES_SCHEMA must not be MONGO_DATABASE's name \("mailcheck"\)/);
      expect(() => load(env)).not.toThrow(/secret/);
      expect(() => load({ ...keysAt, DATA_KEYS_POSTGRES_SCHEMA: 'mailcheck' })).not.toThrow();
    });

    it('refuses a malformed connection string', () => {
      expect(() => load({ DATA_KEYS_POSTGRES_URL: 'pg://db/keys' })).toThrow(
        /DATA_KEYS_POSTGRES_URL must start with postgres:\/\/ or postgresql:\/\//,
      );
    });
  });

  describe('BUS_RETENTION_HOURS', () => {
    it('defaults to 24 and accepts 0 (keep forever)', () => {
      expect(load({}).busRetentionHours).toBe(24);
      expect(load({ BUS_RETENTION_HOURS: '0' }).busRetentionHours).toBe(0);
    });

    it('refuses a negative or fractional value', () => {
      expect(() => load({ BUS_RETENTION_HOURS: '-1' })).toThrow(/BUS_RETENTION_HOURS/);
      expect(() => load({ BUS_RETENTION_HOURS: '1.5' })).toThrow(/BUS_RETENTION_HOURS/);
    });
  });

  describe('JOB_FILE_RETENTION_DAYS', () => {
    it('defaults to 30 days and accepts 0 (keep job files forever)', () => {
      expect(load({}).jobs.fileRetentionDays).toBe(30);
      expect(load({ JOB_FILE_RETENTION_DAYS: '0' }).jobs.fileRetentionDays).toBe(0);
      expect(load({ JOB_FILE_RETENTION_DAYS: '7' }).jobs.fileRetentionDays).toBe(7);
    });

    it('refuses a negative, fractional or non-numeric value', () => {
      expect(() => load({ JOB_FILE_RETENTION_DAYS: '-1' })).toThrow(/JOB_FILE_RETENTION_DAYS/);
      expect(() => load({ JOB_FILE_RETENTION_DAYS: '1.5' })).toThrow(/JOB_FILE_RETENTION_DAYS/);
      expect(() => load({ JOB_FILE_RETENTION_DAYS: 'month' })).toThrow(ConfigError);
    });
  });

  describe('retention bounds (HISTORY_RETENTION_DAYS*, JOB_FILE_RETENTION_DAYS_MIN/_MAX)', () => {
    it('defaults history to 90 days within 1..365 and job files to JOB_FILE_RETENTION_DAYS within 1..90', () => {
      expect(load({}).retention).toEqual({
        history: { min: 1, max: 365, default: 90 },
        jobFiles: { min: 1, max: 90, default: 30 },
      });
      expect(load({ JOB_FILE_RETENTION_DAYS: '7' }).retention.jobFiles.default).toBe(7);
    });

    it('accepts 0 as a default (kept until the account chooses)', () => {
      expect(load({ HISTORY_RETENTION_DAYS: '0', JOB_FILE_RETENTION_DAYS: '0' }).retention).toMatchObject({
        history: { default: 0 },
        jobFiles: { default: 0 },
      });
    });

    it('refuses a default outside the bounds, and a minimum above the maximum', () => {
      expect(() => load({ HISTORY_RETENTION_DAYS: '7', HISTORY_RETENTION_DAYS_MIN: '14' })).toThrow(
        /HISTORY_RETENTION_DAYS \(7\) must be 0 or between/,
      );
      expect(() => load({ JOB_FILE_RETENTION_DAYS: '120' })).toThrow(/JOB_FILE_RETENTION_DAYS \(120\)/);
      expect(() => load({ JOB_FILE_RETENTION_DAYS_MIN: '10', JOB_FILE_RETENTION_DAYS_MAX: '5' })).toThrow(
        /JOB_FILE_RETENTION_DAYS_MIN \(10\) must not exceed/,
      );
    });
  });

  describe('JOB_DUPLICATE_WINDOW_HOURS', () => {
    it('finding 3: defaults to 24 hours and accepts 0 (never refuse the same file again)', () => {
      expect(load({}).jobs.duplicateWindowHours).toBe(24);
      expect(load({ JOB_DUPLICATE_WINDOW_HOURS: '0' }).jobs.duplicateWindowHours).toBe(0);
      expect(() => load({ JOB_DUPLICATE_WINDOW_HOURS: '-1' })).toThrow(/JOB_DUPLICATE_WINDOW_HOURS/);
    });
  });

  describe('retry delay lists', () => {
    it('take delays up to what a Node timer can wait', () => {
      expect(load({ JOB_GREYLIST_RETRY_DELAYS_MS: '60000,2147483647' }).jobs.greylistRetryDelaysMs).toEqual([
        60_000, 2_147_483_647,
      ]);
    });

    it('refuse a longer delay, which a Node timer would overflow and fire at once', () => {
      for (const name of ['GREYLIST_RETRY_DELAYS_MS', 'JOB_GREYLIST_RETRY_DELAYS_MS', 'WEBHOOK_RETRY_DELAYS_MS']) {
        expect(() => load({ [name]: '60000,2200000000' })).toThrow(new RegExp(name));
      }
    });
  });

  describe('metrics', () => {
    it('is not exposed by default: no listener of its own and no token', () => {
      expect(load({}).metrics).toEqual({ port: null, host: '0.0.0.0', token: null });
    });

    it('takes a port of its own, on HOST unless METRICS_HOST names another address', () => {
      expect(load({ METRICS_PORT: '9464', HOST: '10.0.0.5' }).metrics).toMatchObject({ port: 9464, host: '10.0.0.5' });
      expect(load({ METRICS_PORT: '9464', HOST: '0.0.0.0', METRICS_HOST: '127.0.0.1' }).metrics).toMatchObject({
        port: 9464,
        host: '127.0.0.1',
      });
      expect(load({ METRICS_PORT: '0' }).metrics.port).toBe(0);
    });

    it('refuses a port that is not one, or the API port itself', () => {
      expect(() => load({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
      expect(() => load({ METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT/);
      expect(() => load({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
      expect(() => load({ METRICS_PORT: '3001', PORT: '3001' })).toThrow(/METRICS_PORT must differ from PORT/);
    });

    it('takes a bearer token of at least 16 printable characters', () => {
      expect(load({ METRICS_TOKEN: 'scrape-0123456789abcdef' }).metrics.token).toBe('scrape-0123456789abcdef');
    });

    it('refuses a short token or one that would not fit an Authorization header', () => {
      expect(() => load({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
      expect(() => load({ METRICS_TOKEN: 'has a space in the middle!' })).toThrow(/METRICS_TOKEN/);
      expect(() => load({ METRICS_TOKEN: 'caf\u00e9-0123456789abcdef' })).toThrow(/METRICS_TOKEN/);
    });
  });

  describe('EVENTSTORE_URL', () => {
    it.each([
      ['one node', 'esdb://eventstore:2113?tls=false'],
      [
        'gossip seeds with credentials and a node preference',
        'esdb://svc:s3cret@es1:2113,es2:2113,es3:2113?nodePreference=leader',
      ],
      ['one DNS name for discovery', 'esdb+discover://cluster.example.com:2113'],
    ])('takes %s, as the client parses it', (_label, url) => {
      expect(load({ EVENTSTORE_URL: url }).eventStoreUrl).toBe(url);
    });

    it('refuses esdb+discover with several hosts, which the client reduces to the first one', () => {
      expect(() => load({ EVENTSTORE_URL: 'esdb+discover://es1:2113,es2:2113,es3:2113' })).toThrow(/first one only/);
    });

    it("refuses what the client's parser refuses, without echoing the value", () => {
      expect(() => load({ EVENTSTORE_URL: 'http://eventstore:2113' })).toThrow(
        /EVENTSTORE_URL is not a valid EventStoreDB connection string/,
      );
      const error = (() => {
        try {
          load({ EVENTSTORE_URL: 'esdb://svc:s3cret@es1:2113?tls=maybe' });
        } catch (caught) {
          return caught as Error;
        }
      })();
      expect(error?.message).toMatch(/expected true or false/);
      expect(error?.message).not.toContain('s3cret');
    });
  });
  describe('CREDIT_HOLD_EXPIRY_SECONDS against the longest paid call', () => {
    const problemsOf = (env: Record<string, string>): string[] => {
      try {
        load(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };

    it('the longest call is a full finder batch (13 waves of 10 s) plus 30 s to settle, unless the verify budget is longer', () => {
      expect(FINDER_BATCH_BUDGET_MS).toBe(130_000);
      expect(longestPaidCallMs(25_000)).toBe(160_000);
      expect(longestPaidCallMs(300_000)).toBe(330_000);
    });

    it('accepts the default (600 s) and exactly the longest call', () => {
      expect(load({}).credits.holdExpirySeconds).toBe(600);
      expect(load({ CREDIT_HOLD_EXPIRY_SECONDS: '160' }).credits.holdExpirySeconds).toBe(160);
      expect(
        load({ CREDIT_HOLD_EXPIRY_SECONDS: '330', VERIFY_INTERACTIVE_BUDGET_MS: '300000' }).credits.holdExpirySeconds,
      ).toBe(330);
    });

    it('refuses an expiry a live call could outlast, naming both settings and the minimum', () => {
      expect(problemsOf({ CREDIT_HOLD_EXPIRY_SECONDS: '159' })).toEqual([
        expect.stringMatching(
          /^CREDIT_HOLD_EXPIRY_SECONDS \(159\) must be at least 160: .*VERIFY_INTERACTIVE_BUDGET_MS/,
        ),
      ]);
      expect(problemsOf({ CREDIT_HOLD_EXPIRY_SECONDS: '1' })).toHaveLength(1);
      // The default expiry is too short for a 5-minute verify budget: raising one alone is refused.
      expect(problemsOf({ VERIFY_INTERACTIVE_BUDGET_MS: '300000', CREDIT_HOLD_EXPIRY_SECONDS: '329' })).toEqual([
        expect.stringContaining('at least 330'),
      ]);
    });
  });
  describe('TRUSTED_PROXIES', () => {
    it('is empty by default and takes addresses and CIDR ranges of both families', () => {
      expect(load({}).trustedProxies).toEqual([]);
      expect(load({ TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.7,fd00::/8,::1' }).trustedProxies).toEqual([
        '10.0.0.0/8',
        '192.168.1.7',
        'fd00::/8',
        '::1',
      ]);
    });

    it('refuses a name, a bad prefix or a malformed address, naming the entry', () => {
      for (const bad of ['proxy.internal', '10.0.0.0/33', 'fd00::/129', '10.0.0/8', '10.0.0.1/8/1', '10.0.0.0/x']) {
        expect(() => load({ TRUSTED_PROXIES: bad })).toThrow(`TRUSTED_PROXIES entry "${bad}"`);
      }
    });
  });
});
