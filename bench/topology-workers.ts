/**
 * One worker process vs two on the cluster adapters (Kafka + a MongoDB-wire server, the event store embedded
 * in a shared DATA_DIR), on a list spread over many slow mail servers: every MX greets after `bannerMs`, so
 * the bound is waiting, not CPU. Two workers run twice: with an SMTP_EGRESS_ID each (as on two hosts with two
 * egress addresses: a second worker should nearly double the rate) and with one SMTP_EGRESS_ID (as two
 * workers behind one address: they share one budget of sessions per MX). The loopback peers count the
 * sessions open at once at each MX.
 *
 *   bash scripts/integration-services.sh up; set -a; . .integration/env; set +a
 *   npm run bench:topology-workers      (BENCH_ROWS="4000,12000", BENCH_DOMAINS, BENCH_BANNER_MS,
 *                                        BENCH_PER_MX_CEILING, BENCH_WORKERS="1,2" change the lists and the runs)
 *
 * `measureWorkerScaling` is what `npm run bench:topology` calls; run alone, this file prints its figures.
 */
import { loadavg } from 'node:os';
import type { MailPeers } from '../test/support/peers/mail-peers';
import { startAppCluster, type AppCluster } from '../test/support/cluster/app-cluster';
import { jobWhenFinished } from '../test/support/cluster/cluster-helpers';
import { slowManyCsv, startSlowManyPeers } from '../test/support/peers/slow-many-peers';
import { postgresKeyStore } from './topology-adapters';

export interface WorkerScalingOptions {
  kafkaBrokers: string;
  mongoUrl: string;
  /** The PostgreSQL under FerretDB, where the data keys then live (bench/topology-adapters.ts); null: in MONGO_URL. */
  postgresUrl?: string | null;
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
  /** 'separate': an SMTP_EGRESS_ID per worker; 'shared': one for all (the sessions per MX are one budget). */
  egress: 'separate' | 'shared';
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
  /** rows/s of the largest worker count, each worker with its own egress id, over rows/s of one worker. */
  speedup: number | null;
}

async function runOnce(
  workers: number,
  egress: WorkerRun['egress'],
  options: Required<Omit<WorkerScalingOptions, 'log'>>,
): Promise<WorkerRun> {
  const egressOf = (w: number) => ({ SMTP_EGRESS_ID: egress === 'shared' ? 'bench-host' : `bench-host-${w}` });
  let peers: MailPeers | undefined;
  const keys = postgresKeyStore(options.postgresUrl, `bench_workers_${Date.now().toString(36)}`);
  const cluster: AppCluster = await startAppCluster(
    { KAFKA_BROKERS: options.kafkaBrokers, MONGO_URL: options.mongoUrl },
    {
      mailPeers: async () => (peers = await startSlowManyPeers(options.domains, options.bannerMs)),
      env: {
        ...keys.env,
        JOB_CHUNK_SIZE: '200',
        LOG_LEVEL: 'warn',
        SMTP_PER_MX_CONCURRENCY: String(options.perMxCeiling),
        ...egressOf(1),
      },
    },
  );
  try {
    for (let w = 2; w <= workers; w++) await cluster.startWorker(`worker-${w}`, egressOf(w));
    const opened = await cluster.request('POST', '/admin/v1/accounts', {
      admin: true,
      body: { name: 'topology bench', credits: options.rows * 2 },
    });
    const key = opened.body.data.apiKey as string;
    const created = await cluster.uploadJob(key, slowManyCsv(options.rows, options.domains));
    if (created.status !== 201) throw new Error(`upload answered ${created.status}: ${created.text}`);
    const job = await jobWhenFinished(cluster, key, created.body.data.id, 30 * 60_000);
    if (job.status !== 'Completed') throw new Error(`job ended ${job.status}`);
    const seconds = (Date.parse(job.finishedAt) - Date.parse(job.createdAt)) / 1000;
    const byHost = peers!.smtp.stats.maxConcurrentByHost;
    const rcptTimes = peers!.smtp.stats.rcpts.map((rcpt) => rcpt.at);
    const createdAt = Date.parse(job.createdAt);
    return {
      workers,
      egress,
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
    await keys.cleanup();
  }
}

/**
 * The list sizes both benches run. Every run spends about 1.9 s from the upload to its first RCPT whatever its
 * worker count (the job's dispatch, then the 1 s greeting), so on the 4,000-row list (4.4 s of probing for one
 * worker) even a perfect split of the probing stays under 1.7x; the 12,000-row list shows how the probing
 * itself scales.
 */
export const WORKER_LIST_ROWS = [4_000, 12_000];

/** Runs the list on 1 worker, then on 2 (each on a fresh cluster), and returns the figures. */
export async function measureWorkerScaling(options: WorkerScalingOptions): Promise<WorkerScaling> {
  const settings = {
    kafkaBrokers: options.kafkaBrokers,
    mongoUrl: options.mongoUrl,
    postgresUrl: options.postgresUrl ?? null,
    rows: options.rows ?? 4_000,
    domains: options.domains ?? 40,
    bannerMs: options.bannerMs ?? 1_000,
    workers: options.workers ?? [1, 2],
    perMxCeiling: options.perMxCeiling ?? 3,
  };
  const log = options.log ?? (() => undefined);
  const runs: WorkerRun[] = [];
  for (const workers of settings.workers) {
    for (const egress of workers > 1 ? (['separate', 'shared'] as const) : (['separate'] as const)) {
      const run = await runOnce(workers, egress, settings);
      log(formatRun(run));
      runs.push(run);
    }
  }
  const separate = runs.filter((run) => run.egress === 'separate');
  const one = separate.find((run) => run.workers === 1);
  const most = separate.reduce((a, b) => (b.workers > a.workers ? b : a));
  return { runs, speedup: one && most !== one ? most.rowsPerSecond / one.rowsPerSecond : null };
}

/** Runs `measureWorkerScaling` on each list size in turn; returns the targets' lines of all of them. */
export async function measureWorkerLists(
  sizes: number[],
  options: Omit<WorkerScalingOptions, 'rows'>,
): Promise<string[]> {
  const targets: string[] = [];
  for (const rows of sizes) targets.push(...workerTargets(await measureWorkerScaling({ ...options, rows })));
  return targets;
}

/** The targets for worker scaling, met or not. */
export function workerTargets(scaling: WorkerScaling): string[] {
  const lines: string[] = [];
  if (scaling.speedup !== null) {
    const met = scaling.speedup >= 1.7 ? 'met' : 'NOT met';
    const [one, most] = [scaling.runs[0], scaling.runs.find((r) => r.egress === 'separate' && r.workers > 1)];
    lines.push(
      `target: 2 workers on an egress id each >= 1.7x one, ${one.rows} rows: ${scaling.speedup.toFixed(2)}x (${met})`,
    );
    // What the upload-to-first-RCPT time (dispatch and the first greeting, the same for any worker count) hides on a short list.
    if (one && most)
      lines.push(
        `probing alone (first to last RCPT): ${(one.lastRcptAt - one.firstRcptAt).toFixed(1)} s vs ${(most.lastRcptAt - most.firstRcptAt).toFixed(1)} s = ` +
          `${((one.lastRcptAt - one.firstRcptAt) / (most.lastRcptAt - most.firstRcptAt)).toFixed(2)}x`,
      );
  }
  for (const run of scaling.runs.filter((r) => r.workers > 1 && r.egress === 'shared')) {
    const met = run.maxSessionsAtOneMx <= run.perMxCeiling ? 'met' : 'NOT met';
    lines.push(
      `target: ${run.workers} workers on one egress id never above the ceiling at one MX, ${run.rows} rows: at most ${run.maxSessionsAtOneMx} open, ceiling ${run.perMxCeiling} (${met})`,
    );
  }
  return lines;
}

export function formatRun(run: WorkerRun): string {
  const egress = run.workers === 1 ? '' : run.egress === 'shared' ? ' on one egress id' : ' on an egress id each';
  return (
    `${run.workers} worker${run.workers > 1 ? 's' : ''}${egress}: ${run.rows} rows in ${run.seconds.toFixed(1)} s = ${run.rowsPerSecond} rows/s; ` +
    `${run.sessions} SMTP sessions, at most ${run.maxSessionsAtOneMx} open at one MX (ceiling ${run.perMxCeiling} per egress id); ` +
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
  const sizes = env.BENCH_ROWS ? env.BENCH_ROWS.split(',').map(Number) : WORKER_LIST_ROWS;
  measureWorkerLists(sizes, {
    kafkaBrokers: env.KAFKA_BROKERS,
    mongoUrl: env.MONGO_URL,
    postgresUrl: env.POSTGRES_URL || null,
    domains: int('BENCH_DOMAINS'),
    bannerMs: int('BENCH_BANNER_MS'),
    perMxCeiling: int('BENCH_PER_MX_CEILING'),
    workers: env.BENCH_WORKERS?.split(',').map(Number),
    log: (line) => console.log(line),
  }).then(
    (targets) => {
      console.log(
        `load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      );
      for (const line of targets) console.log(line);
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
