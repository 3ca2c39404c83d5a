import type { ConfigReferenceGroup } from './config-reference-entry';

/** What the service does: probing, bulk jobs, webhooks, credits, the dashboard, metrics. */
export const WORK_REFERENCE: readonly ConfigReferenceGroup[] = [
  {
    title: 'Probing (DNS and SMTP)',
    entries: [
      {
        names: ['DNS_SERVERS'],
        defaults: { DNS_SERVERS: 'the system resolver' },
        meaning:
          "comma-separated `ip` or `ip:port`: the resolver for every name the process looks up (MX routing, the port-25 preflight host, webhook URL hosts); the host's names file (`/etc/hosts`) still answers first for the preflight and webhook hosts, and `localhost` names are loopback (RFC 6761), as the system resolver answers them",
      },
      {
        names: ['SMTP_PROBE_PORT'],
        meaning: 'port used for every MX',
      },
      {
        names: ['SMTP_HELO_NAME', 'SMTP_MAIL_FROM'],
        meaning: 'use a real name with matching PTR in production',
      },
      {
        names: ['SMTP_CONNECT_TIMEOUT_MS', 'SMTP_BANNER_TIMEOUT_MS', 'SMTP_COMMAND_TIMEOUT_MS'],
        meaning: 'prober timeouts',
      },
      {
        names: ['GREYLIST_RETRY_DELAYS_MS'],
        meaning: "greylist retry delays (each list: delays in ms, each at most `2147483647`, a Node timer's limit)",
      },
      {
        names: ['VERIFY_INTERACTIVE_BUDGET_MS'],
        meaning: 'time a single verify may wait for a greylist retry',
      },
      {
        names: ['SMTP_PER_MX_CONCURRENCY', 'SMTP_PER_MX_CONCURRENCY_FLOOR'],
        meaning:
          'ceiling and floor of the adaptive number of sessions per MX address; the ceiling holds for all the processes with the same `SMTP_EGRESS_ID` together (the floor and the adaptive limit are per process): starts half-way, one more per clean session until the MX first pushes back, then one more after as many clean sessions in a row, halved on a 421, a timeout or a tarpitted reply; a 421 at the banner while sessions were connected caps it at that many for an hour; API calls (single, batch, finder) are served before job work, may use one slot above the adaptive limit (never above the ceiling), at the ceiling a job session hands its connection over between two RCPTs, and API calls waiting at one MX address share the sessions open there (their RCPTs in one transaction)',
      },
      {
        names: ['SMTP_EGRESS_ID'],
        defaults: { SMTP_EGRESS_ID: 'the host name' },
        meaning:
          'processes with the same id share one budget of `SMTP_PER_MX_CONCURRENCY` sessions per MX address (in MongoDB\'s `slots_smtp_mx` when `MONGO_URL` is set; a killed process\'s slots are free again after 15 s; a connection cap learned from a 421 at the banner holds for all of them); give each egress address the mail servers see its own id, and the same id to hosts behind one NAT address (docs/production.md, "Scaling workers and api replicas")',
      },
      {
        names: ['SMTP_CONNECTS_PER_SECOND_PER_MX', 'SMTP_CONNECTS_PER_SECOND_PER_MX_CEILING'],
        meaning:
          "new SMTP connections per second per MX address, shared by every process with the same `SMTP_EGRESS_ID` that connects to the MX (each paces at its adaptive rate divided by how many of them hold the MX's slots): the adaptive rate starts at the first, grows by 12.5% per clean session whose connect, banner and EHLO were fast (2% once the MX has pushed back), never above the second, and halves on a 421, a timeout or a tarpitted reply. Set both equal for a fixed rate. An API call's connection is never held back by it",
      },
      {
        names: ['SMTP_SESSION_ERROR_BUDGET'],
        meaning:
          'rejected MAIL/RCPTs per session before it is retired (Postfix delays every reply after 10, disconnects after 20); lowered per MX to just under the count where it started delaying replies or said 421, for an hour',
      },
      {
        names: ['SMTP_RECONNECT_BACKOFF_MS'],
        meaning:
          'pause before reconnecting after a 421 (doubles; after 3 reconnects the MX backs off for the first greylist delay)',
      },
      {
        names: ['SMTP_TARPIT_FLOOR_MS'],
        meaning:
          "a reply this slow and 5x the session's median means the server is tarpitting it: the session is replaced",
      },
      {
        names: ['SMTP_SESSION_REUSE'],
        meaning: 'many RCPTs per SMTP session',
      },
      {
        names: ['PROBE_ALLOW_PRIVATE_NETWORKS'],
        meaning: 'allow MX hosts on loopback/private addresses (tests, labs)',
      },
      {
        names: ['SMTP_ROUTES_FILE', 'SMTP_ROUTES'],
        meaning:
          'the prober\'s egress routes, a JSON file or the JSON itself (not both): `routes` (direct, optionally from a `localAddress`, or `socks5` with a `proxy` URL; each with optional `heloName`, `mailFrom`, `egressId`, `perMxConcurrency`, `connectsPerSecondPerMx`, `checksPerMinute`, `checksPerDay`, `providers` caps, `proxyTimeoutMs`), `rules` (`provider`, `mxDomain` or `recipientDomain` with `routes`; the first match wins) and `default` (the routes of every other check; all routes when absent). Unset: one direct route named `default` with the settings above. Validated at start (exit 78 naming the route and field); docs/production.md, "Egress routes"',
      },
      {
        names: ['SMTP_PREFLIGHT', 'SMTP_PREFLIGHT_HOST'],
        defaults: { SMTP_PREFLIGHT_HOST: '`gmail-smtp-in.l.google.com`' },
        meaning:
          'port-25 reachability check at start and every 5 minutes while blocked; while blocked, public MX probes answer `port_25_blocked` at once',
      },
    ],
  },
  {
    title: 'Bulk jobs',
    entries: [
      {
        names: ['JOB_CHUNK_SIZE'],
        meaning: 'rows per bulk-job chunk message',
      },
      {
        names: ['JOB_GREYLIST_RETRY_DELAYS_MS'],
        meaning: 'in-job greylist retries',
      },
      {
        names: ['JOB_MAX_UPLOAD_BYTES', 'JOB_MAX_UNIQUE_EMAILS'],
        meaning: 'upload limits (the dashboard reads them from `GET /dashboard/v1/limits`)',
      },
      {
        names: ['JOB_DUPLICATE_WINDOW_HOURS'],
        meaning:
          'an upload of the same file with the same options by the same account within this many hours of an earlier one answers 409 (code 3021, `error.duplicateOf`) unless it sends `allowDuplicate=true`; `0` never refuses',
      },
    ],
  },
  {
    title: 'Webhooks',
    entries: [
      {
        names: ['WEBHOOK_ALLOW_PRIVATE_NETWORKS'],
        meaning: 'allow webhook URLs on private/loopback addresses',
      },
      {
        names: ['WEBHOOK_CA_FILE'],
        meaning: 'extra trusted CA (PEM) for webhook receivers',
      },
      {
        names: ['WEBHOOK_TIMEOUT_MS', 'WEBHOOK_RETRY_DELAYS_MS'],
        meaning: 'delivery timeout and retry schedule',
      },
    ],
  },
  {
    title: 'Credits and payments',
    entries: [
      {
        names: ['CREDIT_PACKAGES_FILE'],
        defaults: { CREDIT_PACKAGES_FILE: 'built-in' },
        meaning: 'JSON catalogue of credit packages and promotions',
      },
      {
        names: ['CREDIT_HOLD_EXPIRY_SECONDS'],
        meaning:
          "a hold older than this was left by a dead process (or a job chunk message lost after its record): the worker charges it when its result was recorded, else releases it (a job chunk's hold is kept while its job still runs). Must outlive the longest paid call: at least the longer of `VERIFY_INTERACTIVE_BUDGET_MS` and a 100-contact finder batch (130 s), plus 30 s to settle (160 with the defaults); a shorter one is refused at start",
      },
      {
        names: ['PAYMENT_PROCESSOR'],
        meaning:
          '`manual` (an operator confirms orders) or `stripe` (PaymentIntents and the signed webhook at `POST /payments/stripe/webhook`); see docs/dashboard-api.md',
      },
      {
        names: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
        meaning: "required with `PAYMENT_PROCESSOR=stripe`: the API key and the webhook endpoint's signing secret",
      },
      {
        names: ['STRIPE_API_URL'],
        defaults: { STRIPE_API_URL: "Stripe's own" },
        meaning: 'another API base, for stripe-mock in tests',
      },
      {
        names: ['ORDER_RECOVERY_AFTER_SECONDS'],
        meaning:
          'the worker asks the payment processor about orders still Pending (placed within the last 3 days), and credits completed orders not yet credited, this long after they were placed (10 to 86,400)',
      },
      {
        names: ['MANUAL_PAYMENTS_AUTO_CONFIRM'],
        meaning:
          'test mode of the manual payment processor: every dashboard checkout completes at once (otherwise an operator confirms with `POST /admin/v1/orders/{id}/confirm` or `confirm-order`); refused under `NODE_ENV=production` (exit 78): it gives credits away',
      },
    ],
  },
  {
    title: 'Dashboard and its mail',
    entries: [
      {
        names: ['DASHBOARD_URL'],
        defaults: { DASHBOARD_URL: '`http://localhost:PORT`' },
        meaning:
          "where the customer dashboard's web UI is served: mailed links start with it, and session cookies are `Secure` exactly when it is `https`",
      },
      {
        names: ['TRIAL_CREDITS'],
        meaning: "free credits a new sign-up's account starts with, granted once when the address is confirmed",
      },
      {
        names: ['SESSION_TTL_HOURS'],
        meaning: 'dashboard sessions end this long after sign-in (sooner on sign-out, revocation or a password change)',
      },
      {
        names: ['MAIL_MAX_PER_CLIENT', 'MAIL_MAX_PER_RECIPIENT', 'INVITES_MAX_PER_ACCOUNT', 'MAIL_WINDOW_SECONDS'],
        meaning:
          'dashboard requests that mail someone or hash a password anonymously (sign-up, password-reset request and confirmation, new confirmation link) allowed per client IP, mails (and reset confirmations) per recipient address, signed-in changes of password or address per user (and per client IP and recipient), and invitations per team within the window before 429 (code 6014) with `Retry-After`; counted in the same shared store as sign-in failures',
      },
      {
        names: ['SIGNIN_MAX_FAILURES_PER_ACCOUNT', 'SIGNIN_MAX_FAILURES_PER_ADDRESS', 'SIGNIN_WINDOW_SECONDS'],
        meaning:
          "failed dashboard sign-ins (and wrong current passwords given to a change of password or address) allowed per address typed and per client IP within the window (from a client the account signed in from before, per account and that client instead, so guesses elsewhere do not lock the owner out there) before 429 (code 6004) with `Retry-After`; counted in fixed windows in the shared slot store (MongoDB's `slots_sign_in_attempts` with `MONGO_URL`, else `DATA_DIR/sign-in-attempts.sqlite`), so every api process counts against one limit",
      },
      {
        names: ['SMTP_RELAY_URL'],
        meaning:
          "`smtp://` or `smtps://` relay for the dashboard's mail (confirmation, reset, invitation links); unset: each message is written as an `.eml` file under `DATA_DIR/outbox/` and its subject logged",
      },
      {
        names: ['MAIL_FROM'],
        meaning: "sender of the dashboard's mail",
      },
    ],
  },
  {
    title: 'Metrics',
    entries: [
      {
        names: ['METRICS_PORT', 'METRICS_HOST'],
        defaults: { METRICS_HOST: '`HOST`' },
        meaning:
          "Prometheus metrics on a listener of their own that serves only `GET /metrics`, in every role (`0` picks a free port); the API's `PORT` then never serves them",
      },
      {
        names: ['METRICS_TOKEN'],
        meaning:
          'bearer token `/metrics` requires (at least 16 printable characters); without `METRICS_PORT` it puts `/metrics` on `PORT` behind the token. With neither variable, metrics are not served',
      },
    ],
  },
];
