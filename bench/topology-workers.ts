/**
 * One worker process vs two on the cluster adapters (Kafka + a MongoDB-wire server, the event store embedded
 * in a shared DATA_DIR), on a list spread over many slow mail servers: every MX greets after `bannerMs`, so
 * the bound is waiting, not CPU, and a second worker should nearly double the rate. Each worker keeps its own
 * per-MX limits (as on two hosts with two egress addresses). The loopback peers count the sessions open at
 * once at each MX.
 *
 *   bash scripts/integration-services.sh up; set -a; . .integration/env; set +a
 *   npm run bench:topology-workers      (BENCH_ROWS, BENCH_DOMAINS, BENCH_BANNER_MS, BENCH_PER_MX_CEILING,
 *                                        BENCH_WORKERS="1,2" change the list and the runs)
 *
 * `measureWorkerScaling` is what `npm run bench:topology` calls; run alone, this file prints its figures.
 */
import { loadavg } from 'node:os';
import { startMailPeers, type MailPeers } from '../test/peers/mail-peers';
import { accept, reject, slowBanner } from '../test/peers/smtp-peer';
import { startAppCluster, type AppCluster } from '../test/integration/support/app-cluster';
import { jobWhenFinished } from '../test/integration/support/cluster-helpers';

export interface WorkerScalingOptions {
  kafkaBrokers: string;
  mongoUrl: string;
  /** Rows of the list (default 4,000), spread evenly over `domains` (default 40), each with its own slow MX. */
  rows?: number;
  domains?: number;
  /** How long each MX waits before its greeting (default 1,000 ms). */
  bannerMs?: number;
  /** The worker counts to run, one fresh cluster each (default [1, 2]). */
  workers?: number[];
  /** Sessions at once per MX address (SMTP_PER_MX_CONCURRENCY; default the service's default, 3). */
  perMxCeiling?: number;
  log?: (line: string) => void;
}

export interface WorkerRun {
  workers: number;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** The most SMTP sessions one MX saw open at once, and the ceiling each worker keeps per MX. */
  maxSessionsAtOneMx: number;
  perMxCeiling: number;
  sessions: number;
  unknown: number;
  /** Seconds from the upload to the first and to the last RCPT any MX saw: dispatch latency, and the tail after probing. */
  firstRcptAt: number;
  lastRcptAt: number;
}

export interface WorkerScaling {
  runs: WorkerRun[];
  /** rows/s of the largest worker count over rows/s of one worker. */
  speedup: number | null;
}

const mxAddress = (n: number) => `127.0.6.${n + 1}`;
const domainName = (n: number) => `d${n + 1}.slow-many.test`;

/** 40 slow MX hosts on loopback addresses of their own; every tenth userN of each domain exists. */
function startSlowPeers(domains: number, bannerMs: number): Promise<MailPeers> {
  const names = Array.from({ length: domains }, (_, n) => domainName(n));
  const scripts = Object.fromEntries(
    names.map((domain) => [
      domain,
      {
        default: reject(),
        recipients: Object.fromEntries(Array.from({ length: 1000 }, (_, u) => [`user${u * 10}`, accept()])),
      },
    ]),
  );
  const zones = Object.fromEntries(names.map((domain, n) => [`mx.${domain}`, { a: [mxAddress(n)] }]));
  const listen = names.map((_, n) => mxAddress(n));
  return startMailPeers(scripts, {
    zones,
    smtp: { listen, defences: slowBanner(bannerMs) },
    env: { SMTP_PREFLIGHT: 'false', SMTP_BANNER_TIMEOUT_MS: String(Math.max(5_000, bannerMs * 5)) },
  });
}

function listCsv(rows: number, domains: number): string {
  const lines = ['email'];
  for (let i = 0; i < rows; i++) lines.push(`user${Math.floor(i / domains)}@${domainName(i % domains)}`);
  return lines.join('\n');
}

async function runOnce(workers: number, options: Required<Omit<WorkerScalingOptions, 'log'>>): Promise<WorkerRun> {
  let peers: MailPeers | undefined;
  const cluster: AppCluster = await startAppCluster(
    { KAFKA_BROKERS: options.kafkaBrokers, MONGO_URL: options.mongoUrl },
    {
      mailPeers: async () => (peers = await startSlowPeers(options.domains, options.bannerMs)),
      env: { JOB_CHUNK_SIZE: '200', LOG_LEVEL: 'warn', SMTP_PER_MX_CONCURRENCY: String(options.perMxCeiling) },
    },
  );
  try {
    for (let w = 2; w <= workers; w++) await cluster.startWorker(`worker-${w}`);
    const opened = await cluster.request('POST', '/admin/v1/accounts', {
      admin: true,
      body: { name: 'topology bench', credits: options.rows * 2 },
    });
    const key = opened.body.data.apiKey as string;
    const created = await cluster.uploadJob(key, listCsv(options.rows, options.domains));
    if (created.status !== 201) throw new Error(`upload answered ${created.status}: ${created.text}`);
    const job = await jobWhenFinished(cluster, key, created.body.data.id, 30 * 60_000);
    if (job.status !== 'Completed') throw new Error(`job ended ${job.status}`);
    const seconds = (Date.parse(job.finishedAt) - Date.parse(job.createdAt)) / 1000;
    const byHost = peers!.smtp.stats.maxConcurrentByHost;
    const rcptTimes = peers!.smtp.stats.rcpts.map((rcpt) => rcpt.at);
    const createdAt = Date.parse(job.createdAt);
    return {
      workers,
      rows: options.rows,
      seconds,
      rowsPerSecond: Math.round(options.rows / seconds),
      maxSessionsAtOneMx: Math.max(0, ...Object.values(byHost)),
      perMxCeiling: options.perMxCeiling,
      sessions: peers!.smtp.stats.sessions,
      unknown: job.results?.unknown ?? 0,
      firstRcptAt: (Math.min(...rcptTimes) - createdAt) / 1000,
      lastRcptAt: (Math.max(...rcptTimes) - createdAt) / 1000,
    };
  } finally {
    await cluster.close();
  }
}

/** Runs the list on 1 worker, then on 2 (each on a fresh cluster), and returns the figures. */
export async function measureWorkerScaling(options: WorkerScalingOptions): Promise<WorkerScaling> {
  const settings = {
    kafkaBrokers: options.kafkaBrokers,
    mongoUrl: options.mongoUrl,
    rows: options.rows ?? 4_000,
    domains: options.domains ?? 40,
    bannerMs: options.bannerMs ?? 1_000,
    workers: options.workers ?? [1, 2],
    perMxCeiling: options.perMxCeiling ?? 3,
  };
  const log = options.log ?? (() => undefined);
  const runs: WorkerRun[] = [];
  for (const workers of settings.workers) {
    const run = await runOnce(workers, settings);
    log(formatRun(run));
    runs.push(run);
  }
  const one = runs.find((run) => run.workers === 1);
  const most = runs.reduce((a, b) => (b.workers > a.workers ? b : a));
  return { runs, speedup: one && most !== one ? most.rowsPerSecond / one.rowsPerSecond : null };
}

export function formatRun(run: WorkerRun): string {
  return (
    `${run.workers} worker${run.workers > 1 ? 's' : ''}: ${run.rows} rows in ${run.seconds.toFixed(1)} s = ${run.rowsPerSecond} rows/s; ` +
    `${run.sessions} SMTP sessions, at most ${run.maxSessionsAtOneMx} open at one MX (ceiling ${run.perMxCeiling} per worker); ` +
    `first RCPT at ${run.firstRcptAt.toFixed(1)} s, last at ${run.lastRcptAt.toFixed(1)} s; ${run.unknown} unknown`
  );
}

if (require.main === module) {
  const env = process.env;
  if (!env.KAFKA_BROKERS || !env.MONGO_URL) {
    console.error(
      'needs KAFKA_BROKERS and MONGO_URL: bash scripts/integration-services.sh up, then . .integration/env',
    );
    process.exit(2);
  }
  const int = (name: string) => (env[name] ? Number(env[name]) : undefined);
  measureWorkerScaling({
    kafkaBrokers: env.KAFKA_BROKERS,
    mongoUrl: env.MONGO_URL,
    rows: int('BENCH_ROWS'),
    domains: int('BENCH_DOMAINS'),
    bannerMs: int('BENCH_BANNER_MS'),
    perMxCeiling: int('BENCH_PER_MX_CEILING'),
    workers: env.BENCH_WORKERS?.split(',').map(Number),
    log: (line) => console.log(line),
  }).then(
    (result) => {
      console.log(
        `load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      );
      if (result.speedup !== null) console.log(`speedup: x${result.speedup.toFixed(2)}`);
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
