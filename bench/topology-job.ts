/**
 * One bulk job of `npm run bench:topology` on one set of adapters: the all-in-one app as its own process,
 * a CSV uploaded through POST /v1/jobs, single verifies at the same MX meanwhile, polled to Completed.
 * What the job cost is read back from the app's /metrics (read-store operations, event-store appends; summed
 * over its processes), from /proc (CPU seconds and peak resident memory of each process) and, on FerretDB
 * over PostgreSQL, from pg_stat_statements.
 */
import { execFileSync } from 'node:child_process';
import { singleVerifies, percentile, type SingleLoad } from './probe-job';
import { startBenchApp, type BenchApp } from './probe-app';
import { sampleProcesses, type ProcessUse } from './proc-sampler';

const METRICS_TOKEN = 'topology-bench-metrics-token';

export interface JobFigures {
  rows: number;
  status: string;
  seconds: number;
  /** When the write side recorded the job's end (its finishedAt), seconds after the upload began; the rest is the read side catching up. */
  finishedAfter: number;
  rowsPerSecond: number;
  readOps: number;
  readBatchDocuments: number;
  appends: number;
  eventsAppended: number;
  /** Read-store operations by collection and operation, the busiest first. */
  readOpsBy: [string, number][];
  singles: { calls: number; p50: number; p99: number };
  /** Over every process of the app (from /proc: the kernel's accounting). */
  cpuSeconds: number;
  /** The sum of each process's peak. */
  peakRssMb: number;
  /** Each process of the app (one all-in-one, or one per role). */
  processes: ProcessUse[];
  /** The servers the production adapters use (Kafka, FerretDB, PostgreSQL with its backends) over the same window. */
  servers: ProcessUse[];
  /** The statements PostgreSQL spent most time on (FerretDB's SQL), when POSTGRES_URL is set. */
  statements: { calls: number; ms: number; query: string }[];
}

/** Sums a counter's series (optionally only those whose labels match) from a Prometheus exposition. */
function sumOf(metrics: string, name: string, labels: RegExp = /.*/): number {
  return metrics
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => labels.test(line))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** A counter by collection and operation, summed over the processes whose expositions `metrics` joins. */
function seriesOf(metrics: string, name: string): Map<string, number> {
  const series = new Map<string, number>();
  for (const line of metrics.split('\n').filter((l) => l.startsWith(`${name}{`))) {
    const collection = /collection="([^"]*)"/.exec(line)?.[1] ?? '?';
    const operation = /operation="([^"]*)"/.exec(line)?.[1] ?? '?';
    const key = `${collection}.${operation}`;
    series.set(key, (series.get(key) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
  }
  return series;
}

/** Runs SQL on the PostgreSQL behind FerretDB with psql (no client library needed for a profile). */
function psql(sql: string): string {
  const url = process.env.POSTGRES_URL;
  if (!url) return '';
  try {
    return execFileSync('psql', [url, '-qAtF', '\t', '-c', sql], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch {
    return '';
  }
}

function topStatements(): JobFigures['statements'] {
  return psql(
    `SELECT calls, round(total_exec_time), regexp_replace(left(query, 110), '\\s+', ' ', 'g') FROM pg_stat_statements
     WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 4`,
  )
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [calls, ms, query] = line.split('\t');
      return { calls: Number(calls), ms: Number(ms), query };
    });
}

/**
 * POST /v1/jobs; a 401 is retried for a while: the new account's key is known once the projector has
 * applied its creation, which on a loaded machine can take a few seconds after the 201.
 */
async function upload(url: string, headers: Record<string, string>, csv: Blob): Promise<Response> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const form = new FormData();
    form.append('file', csv, 'bench.csv');
    const response = await fetch(`${url}/v1/jobs`, { method: 'POST', headers, body: form });
    if (response.status !== 401 || Date.now() > deadline) return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The counters a job's cost is read from. */
type CostCounter =
  | 'mailcheck_read_store_operations_total'
  | 'mailcheck_read_store_batch_documents_total'
  | 'mailcheck_event_appends_total'
  | 'mailcheck_events_appended_total';

export interface JobRunOptions {
  /** The adapters' settings (KAFKA_BROKERS, MONGO_URL, EVENTSTORE_URL, ...); {} is the embedded set. */
  adapters: Record<string, string>;
  addresses: string[];
  single: string;
  /** How single verifies run meanwhile; null runs none. */
  singleLoad: SingleLoad | null;
  /** Single verifies a second in the open loop. */
  singlesPerSecond: number;
  dnsServer: string;
  smtpPort: number;
  /** Whether the statements of PostgreSQL are reset before and read after (FerretDB on PostgreSQL). */
  profilePostgres: boolean;
  /** Starts the app on the given settings (default: the all-in-one process of bench/probe-app.ts). */
  startApp?: (env: Record<string, string>) => Promise<BenchApp>;
  /** Server processes sampled beside the app's (`tree`: with their descendants). */
  servers?: { role: string; pid: number; tree?: boolean }[];
}

export async function runTopologyJob(options: JobRunOptions): Promise<JobFigures> {
  const rows = options.addresses.length;
  // BENCH_CPU_PROF=<dir>: the all-in-one app under node --cpu-prof, a profile per run in <dir>.
  const prof = process.env.BENCH_CPU_PROF;
  const startDefault = (env: Record<string, string>) =>
    startBenchApp(env, prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []);
  const app = await (options.startApp ?? startDefault)({
    DNS_SERVERS: options.dnsServer,
    SMTP_PROBE_PORT: String(options.smtpPort),
    SMTP_PER_MX_CONCURRENCY: process.env.BENCH_PER_MX ?? '20',
    RATE_LIMIT_PER_SECOND: '1000000',
    RATE_LIMIT_BURST: '1000000',
    METRICS_TOKEN,
    SMTP_COMMAND_TIMEOUT_MS: '10000',
    SMTP_BANNER_TIMEOUT_MS: '10000',
    ...options.adapters,
  });
  // Every process's exposition, joined: the counters are summed over them.
  const metrics = async () =>
    (
      await Promise.all(
        app.processes.map(async (p) =>
          (await fetch(`${p.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text(),
        ),
      )
    ).join('\n');
  try {
    const { apiKey } = await app.createAccount(rows + 100_000);
    const headers = { 'x-api-key': apiKey };
    const before = await metrics();
    if (options.profilePostgres) psql('SELECT pg_stat_statements_reset()');
    const csv = new Blob([`email\n${options.addresses.join('\n')}\n`], { type: 'text/csv' });
    const sampling = sampleProcesses(app.processes);
    const serverSampling = sampleProcesses(options.servers ?? []);
    const started = Date.now();
    const created = await upload(app.url, headers, csv);
    const body = (await created.json()) as any;
    if (created.status !== 201) throw new Error(`upload failed: ${created.status} ${JSON.stringify(body)}`);
    const job = body.data;

    let jobDone = false;
    const singles = options.singleLoad
      ? singleVerifies(app.url, headers, options.single, options.singleLoad, () => jobDone, options.singlesPerSecond)
      : Promise.resolve({ latencies: [] as number[] });
    let view = job;
    while (view.status !== 'Completed' && view.status !== 'Failed') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      view = ((await (await fetch(`${app.url}/v1/jobs/${job.id}`, { headers })).json()) as any).data;
    }
    const seconds = (Date.now() - started) / 1000;
    jobDone = true;
    const { latencies } = await singles;
    // What the job and the single verifies meanwhile cost (their share is small at a few a second).
    const processes = sampling.stop();
    const servers = serverSampling.stop();
    const after = await metrics();
    const delta = (name: CostCounter) => sumOf(after, name) - sumOf(before, name);
    const beforeBy = seriesOf(before, 'mailcheck_read_store_operations_total');
    const readOpsBy = [...seriesOf(after, 'mailcheck_read_store_operations_total')]
      .map(([key, n]): [string, number] => [key, n - (beforeBy.get(key) ?? 0)])
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1]);
    return {
      rows,
      status: view.status,
      seconds,
      finishedAfter: (Date.parse(view.finishedAt) - started) / 1000,
      rowsPerSecond: rows / seconds,
      readOps: delta('mailcheck_read_store_operations_total'),
      readBatchDocuments: delta('mailcheck_read_store_batch_documents_total'),
      appends: delta('mailcheck_event_appends_total'),
      eventsAppended: delta('mailcheck_events_appended_total'),
      readOpsBy,
      singles: { calls: latencies.length, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) },
      cpuSeconds: processes.reduce((sum, p) => sum + p.cpuSeconds, 0),
      peakRssMb: processes.reduce((sum, p) => sum + p.peakRssMb, 0),
      processes,
      servers,
      statements: options.profilePostgres ? topStatements() : [],
    };
  } finally {
    await app.close();
  }
}
