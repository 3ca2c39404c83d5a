/**
 * One bulk job of `npm run bench:topology` on one set of adapters: the all-in-one app as its own process,
 * a CSV uploaded through POST /v1/jobs, single verifies at the same MX meanwhile, polled to Completed.
 * What the job cost is read back from the app's /metrics (read-store operations, event-store appends,
 * CPU seconds, resident memory) and, on FerretDB over PostgreSQL, from pg_stat_statements.
 */
import { execFileSync } from 'node:child_process';
import { singleVerifies, percentile, type SingleLoad } from './probe-job';
import { startBenchApp } from './probe-app';

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
  cpuSeconds: number;
  peakRssMb: number;
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

function seriesOf(metrics: string, name: string): [string, number][] {
  return metrics
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`))
    .map((line): [string, number] => {
      const collection = /collection="([^"]*)"/.exec(line)?.[1] ?? '?';
      const operation = /operation="([^"]*)"/.exec(line)?.[1] ?? '?';
      return [`${collection}.${operation}`, Number(line.slice(line.lastIndexOf(' ') + 1))];
    });
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
}

export async function runTopologyJob(options: JobRunOptions): Promise<JobFigures> {
  const rows = options.addresses.length;
  const app = await startBenchApp({
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
  const metrics = async () =>
    (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  try {
    const { apiKey } = await app.createAccount(rows + 100_000);
    const headers = { 'x-api-key': apiKey };
    const before = await metrics();
    if (options.profilePostgres) psql('SELECT pg_stat_statements_reset()');
    const csv = new Blob([`email\n${options.addresses.join('\n')}\n`], { type: 'text/csv' });
    const started = Date.now();
    const created = await upload(app.url, headers, csv);
    const body = (await created.json()) as any;
    if (created.status !== 201) throw new Error(`upload failed: ${created.status} ${JSON.stringify(body)}`);
    const job = body.data;

    let jobDone = false;
    const singles = options.singleLoad
      ? singleVerifies(app.url, headers, options.single, options.singleLoad, () => jobDone, options.singlesPerSecond)
      : Promise.resolve({ latencies: [] as number[] });
    let peakRss = 0;
    let lastSample = 0;
    let view = job;
    while (view.status !== 'Completed' && view.status !== 'Failed') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      view = ((await (await fetch(`${app.url}/v1/jobs/${job.id}`, { headers })).json()) as any).data;
      if (Date.now() - lastSample >= 2_000) {
        lastSample = Date.now();
        peakRss = Math.max(peakRss, sumOf(await metrics(), 'process_resident_memory_bytes'));
      }
    }
    const seconds = (Date.now() - started) / 1000;
    jobDone = true;
    const { latencies } = await singles;
    const after = await metrics();
    peakRss = Math.max(peakRss, sumOf(after, 'process_resident_memory_bytes'));
    // What the job and the single verifies meanwhile cost (their share is small at a few a second).
    const delta = (name: CostCounter) => sumOf(after, name) - sumOf(before, name);
    const cpuSeconds = sumOf(after, 'process_cpu_seconds_total') - sumOf(before, 'process_cpu_seconds_total');
    const beforeBy = new Map(seriesOf(before, 'mailcheck_read_store_operations_total'));
    const readOpsBy = seriesOf(after, 'mailcheck_read_store_operations_total')
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
      cpuSeconds,
      peakRssMb: peakRss / 1024 / 1024,
      statements: options.profilePostgres ? topStatements() : [],
    };
  } finally {
    await app.close();
  }
}
