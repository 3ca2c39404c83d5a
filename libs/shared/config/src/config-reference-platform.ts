import type { ConfigReferenceGroup } from './config-reference-entry';

/** How the service runs: process and HTTP, stores and bus, personal data, access and limits. */
export const PLATFORM_REFERENCE: readonly ConfigReferenceGroup[] = [
  {
    title: 'Process and HTTP',
    entries: [
      {
        names: ['NODE_ENV'],
        meaning:
          '`production` (the image sets it) applies the production rules: a weak or documented `ADMIN_TOKEN`, `MANUAL_PAYMENTS_AUTO_CONFIRM=true`, `SEAL_PERSONAL_DATA=false`, a missing `DATA_MASTER_KEY` and, where the api runs, a missing `VERIFICATION_TOKEN_SIGNING_KEY` stop the start (exit 78)',
      },
      {
        names: ['APP_ROLES'],
        defaults: { APP_ROLES: "the entry's roles (all three for all-in-one)" },
        meaning: '`api`, `worker`, `projector` (comma-separated)',
      },
      {
        names: ['PORT', 'HOST'],
        meaning: 'HTTP listener',
      },
      {
        names: ['DATA_DIR'],
        meaning: "embedded adapters' files (SQLite event store, read models, bus log, blobs)",
      },
      {
        names: ['LOG_LEVEL'],
        meaning:
          '`fatal` … `trace`, `silent`; JSON logs with a request id, credentials, addresses and names redacted ([operations.md](operations.md), [docs/personal-data.md](personal-data.md#logs))',
      },
      {
        names: ['HTTP_REQUEST_TIMEOUT_MS'],
        meaning:
          "1,000-3,600,000; a request's head and whole body (uploads included) must arrive within this, else 408 (code 1011) and the connection is closed; raise it for large uploads over slow links",
      },
      {
        names: ['SHUTDOWN_TIMEOUT_MS'],
        meaning:
          "1,000-600,000; after SIGTERM/SIGINT the process exits at the latest this long after the signal (keep it below the orchestrator's grace period: Docker 10 s, Kubernetes 30 s)",
      },
      {
        names: ['TRUSTED_PROXIES'],
        meaning:
          "comma-separated IP addresses or CIDR ranges of load balancers in front of the api: a request from one of them counts as coming from the address it forwards in `X-Forwarded-For`; unset, the header is ignored. Every per-address throttle keys on it (sign-in, mail, the anonymous dashboard's rate limit, wrong admin tokens): behind a balancer it must name exactly the balancers, else every client is the balancer and ten wrong admin tokens a minute from anyone lock the operator out (docs/production.md)",
      },
      {
        names: ['THROTTLE_IPV6_PREFIX_LENGTH'],
        meaning:
          'the per-address throttles count an IPv6 client by this many leading bits (one subscriber holds a whole /64), an IPv4 one (IPv4-mapped IPv6 too) by its address',
      },
      {
        names: ['DEMO_ACCOUNT', 'DEMO_ACCOUNT_CREDITS'],
        meaning: 'demo account on first embedded start',
      },
    ],
  },
  {
    title: 'Stores and the bus',
    entries: [
      {
        names: ['EVENTSTORE_URL'],
        defaults: { EVENTSTORE_URL: 'unset: the embedded SQLite store' },
        meaning:
          "selects EventStoreDB / KurrentDB 22.6+: `esdb://host:2113?tls=false`, a cluster as gossip seeds `esdb://user:pw@a:2113,b:2113,c:2113`, or `esdb+discover://one-dns-name:2113`; checked with the client's own parser (`esdb+discover://` with several hosts is refused: the client would use only the first). The user needs read access to `$all` (docs/production.md)",
      },
      {
        names: ['MONGO_URL', 'MONGO_DATABASE'],
        defaults: {
          MONGO_URL: 'unset: the embedded SQLite read models and files',
          MONGO_DATABASE: "the database in `MONGO_URL`'s path, else `mailcheck`",
        },
        meaning:
          "selects MongoDB read models and GridFS blobs: a standard connection string (`mongodb://u:pw@a:27017,b:27017/mydb?replicaSet=rs0` or `mongodb+srv://`); its path names the database (MongoDB's convention), `MONGO_DATABASE` overrides it",
      },
      {
        names: ['KAFKA_BROKERS', 'KAFKA_PARTITIONS'],
        defaults: { KAFKA_BROKERS: 'unset: the embedded SQLite bus log' },
        meaning:
          'comma-separated brokers select Kafka; partitions of created topics (`jobs.chunks` gets at least 128: a worker runs 32 chunks at once, up to 64 while its event loop has time to spare; each consumer runs a group member per partition, docs/production.md)',
      },
      {
        names: ['KAFKA_NAMESPACE'],
        defaults: { KAFKA_NAMESPACE: 'unset: topic and group names as listed' },
        meaning:
          "a prefix (letters, digits, `_` or `-`, then a dot) of every topic and consumer group name, for deployments sharing one broker: without it they take each other's partitions (docs/production.md, Sharing a broker)",
      },
      {
        names: ['KAFKA_SESSION_TIMEOUT_MS'],
        meaning:
          "a Kafka consumer silent this long loses its partitions: how long a crashed worker's partitions wait before another worker takes them (`6000`–`300000`, within the broker's `group.min/max.session.timeout.ms`)",
      },
      {
        names: ['BUS_RETENTION_HOURS'],
        meaning:
          "embedded bus: messages older than this that every consumer group has committed are deleted from `DATA_DIR/bus.sqlite` (a topic no group reads: age alone; a partition's newest is emptied); Kafka: `retention.ms` of the topics the app creates, with `segment.ms` ≤ 1 h ([docs/personal-data.md](personal-data.md#the-bus)); `0` keeps everything (Kafka: the broker's defaults)",
      },
    ],
  },
  {
    title: 'Personal data and retention',
    entries: [
      {
        names: ['DATA_MASTER_KEY'],
        defaults: { DATA_MASTER_KEY: 'unset (development key in `DATA_DIR`)' },
        meaning:
          'base64 of 32 random bytes (`openssl rand -base64 32`): wraps the keys that seal personal fields in the event log (docs/personal-data.md); required under `NODE_ENV=production` and by compose. Unset elsewhere, a development key is kept beside the data keys and protects nothing',
      },
      {
        names: ['DATA_MASTER_KEYS_PREVIOUS'],
        meaning:
          'comma-separated earlier master keys, still unwrapping data keys after a rotation until `rewrap` moves them (docs/personal-data.md)',
      },
      {
        names: ['SEAL_PERSONAL_DATA'],
        meaning:
          '`false` writes personal fields in clear (benchmarks measure the cost side by side); refused under `NODE_ENV=production`',
      },
      {
        names: ['DATA_KEY_CACHE_SECONDS'],
        meaning:
          'How long a process keeps a data key it looked up: an erasure is in force everywhere, and reports `done`, this long after its keys are destroyed',
      },
      {
        names: ['DATA_KEYS_POSTGRES_URL', 'DATA_KEYS_POSTGRES_SCHEMA'],
        defaults: { DATA_KEYS_POSTGRES_URL: 'unset: the data keys live beside the read store (MongoDB or `DATA_DIR`)' },
        meaning:
          "keeps the data keys in a PostgreSQL table (`<schema>.data_keys`, created when missing; the role needs CREATE on the database, or the schema made for it) instead of the read store's `data_keys` collection: a standard connection string (`postgres://user:pw@host:5432/database?sslmode=require`). Set it on every process of a cluster whose `MONGO_URL` is FerretDB, with the PostgreSQL FerretDB runs on: FerretDB 1.24 looks a key document up by scanning the whole collection (docs/personal-data.md, Where the keys live)",
      },
      {
        names: ['JOB_FILE_RETENTION_DAYS'],
        meaning:
          "days after a bulk or finder job ended (Completed, Failed or Cancelled) before the worker deletes its uploaded file, results and the job's data key, for an account that has not chosen its own (`GET/PUT /dashboard/v1/retention`); the job's record, counts and charges stay, its download answers 410 (code 3012); `0` keeps them until the account chooses",
      },
      {
        names: ['JOB_FILE_RETENTION_DAYS_MIN', 'JOB_FILE_RETENTION_DAYS_MAX'],
        meaning: 'the job file retention an account may choose; the default must be `0` or within them',
      },
      {
        names: ['HISTORY_RETENTION_DAYS'],
        meaning:
          "days single, batch and finder calls are kept (whole UTC days: older days' data keys are destroyed, [docs/personal-data.md](personal-data.md#retention)) for an account that has not chosen; `0` keeps them until it chooses",
      },
      {
        names: ['HISTORY_RETENTION_DAYS_MIN', 'HISTORY_RETENTION_DAYS_MAX'],
        meaning: 'the history retention an account may choose; the default must be `0` or within them',
      },
    ],
  },
  {
    title: 'Admin API, keys and rate limits',
    entries: [
      {
        names: ['ADMIN_TOKEN'],
        meaning:
          'bearer token of `/admin/v1`; the admin API is disabled (404) when unset; under `NODE_ENV=production` (the image sets it) a token shorter than 32 characters or one shown in these docs stops the start (exit 78): use `openssl rand -hex 24`',
      },
      {
        names: ['ADMIN_MAX_FAILURES_PER_ADDRESS'],
        meaning:
          "wrong admin tokens one client address may send per minute (a burst of that many, refilled over the minute); past it every admin request from that address answers 429 (code 1201) with `Retry-After`, a right token included, until the bucket refills. With `MONGO_URL` the buckets are in MongoDB (`slots_rate_grants`, beside the per-key limit), so api replicas count one address's guesses together; the store unreachable: 503 (code 1008). Behind a load balancer set `TRUSTED_PROXIES`, or every client counts as the balancer's address and anyone's wrong guesses lock the operator out",
      },
      {
        names: ['RATE_LIMIT_PER_SECOND', 'RATE_LIMIT_BURST'],
        meaning:
          "token bucket per API key (per signed-in user, all their sessions together, on `/v1`), one for every api process: with `MONGO_URL` the buckets are in MongoDB (`slots_rate_grants`), so N replicas answer 429 at the documented rate, not N times it (each process takes tokens in blocks of up to 5% of the burst and spends them locally, one round trip per block; tokens it does not spend within a second are lost, so the limit errs strict); embedded, in the process's memory. The store unreachable: 503 (code 1008)",
      },
      {
        names: ['RATE_LIMIT_ACCOUNT_PER_SECOND', 'RATE_LIMIT_ACCOUNT_BURST'],
        defaults: {
          RATE_LIMIT_ACCOUNT_PER_SECOND: '`RATE_LIMIT_PER_SECOND`',
          RATE_LIMIT_ACCOUNT_BURST: '`RATE_LIMIT_BURST`',
        },
        meaning:
          "token bucket per account, spent beside the key's by every request of its keys and signed-in users on `/v1`: more keys or sessions buy no more than this (429, code 1201)",
      },
      {
        names: ['DASHBOARD_RATE_LIMIT_PER_SECOND', 'DASHBOARD_RATE_LIMIT_BURST'],
        meaning:
          'token bucket per signed-in user on `/dashboard/v1` (all their sessions together), per client address on its anonymous routes (429, code 1201), in the same store',
      },
      {
        names: ['MAX_KEYS_PER_ACCOUNT', 'MAX_SESSIONS_PER_USER'],
        meaning:
          'active (not revoked) API keys one account may hold (past it 409, code 1108, from the dashboard, the admin API and the CLI) and unexpired sessions one user may hold (a sign-in past it: 409, code 6015)',
      },
      {
        names: [
          'PUBLISHABLE_RATE_LIMIT_PER_VISITOR_PER_MINUTE',
          'PUBLISHABLE_RATE_LIMIT_PER_MINUTE',
          'PUBLISHABLE_RATE_LIMIT_PER_DAY',
        ],
        meaning:
          "a publishable key's (`mck_pub_`) single verifies per visitor (client address, IPv6 by `THROTTLE_IPV6_PREFIX_LENGTH`) of the key, per key per minute and per key per day: a burst of the number refilled over the period, spent before the key's own bucket in the same shared store (429, code 1201, `error.limit` `visitor`, `minute` or `day`; docs/api-keys.md)",
      },
      {
        names: ['VERIFICATION_TOKEN_SIGNING_KEY'],
        defaults: { VERIFICATION_TOKEN_SIGNING_KEY: 'generated in `DATA_DIR`' },
        meaning:
          "base64 of the Ed25519 private key (PKCS#8 DER) that signs publishable answers' verification tokens: `openssl genpkey -algorithm ed25519 -outform DER | base64 -w0`; required under `NODE_ENV=production` (exit 78) and the same on every api replica (docs/sign-up-forms.md)",
      },
      {
        names: ['VERIFICATION_TOKEN_RETIRED_PUBLIC_KEYS', 'VERIFICATION_TOKEN_TTL_SECONDS'],
        meaning:
          "comma-separated base64 SPKI DER public keys of retired signing keys whose tokens are still accepted and published during a rotation; a token's lifetime (60-86400)",
      },
    ],
  },
];
