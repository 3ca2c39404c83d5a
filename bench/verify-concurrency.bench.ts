/**
 * Single verify as an API customer who calls it in a loop uses it: calls/s, p50 and p99 of POST
 * /v1/verify/single at 1, 20 and 50 concurrent clients, and the bulk-job rate on the same MX in the same
 * run as the baseline, side by side (issue 40).
 *
 *   flock /work/bench.lock npm run bench:verify-concurrency
 *   BENCH_TOPOLOGY=roles BENCH_API_REPLICAS=2 flock /work/bench.lock npm run bench:verify-concurrency   # Kafka + FerretDB
 *
 * The MX: the real stock Postfix of scripts/integration/postfix.sh (started, and stopped again, when it is not
 * running; INTEGRATION_DIR and POSTFIX_ADDRESS choose the instance), one domain, every tenth userN a mailbox
 * (10% real), DNS from the loopback peer of bench:probe. Each call asks for an address no call asked before
 * (no cache helps), with its own Idempotency-Key (BENCH_IDEMPOTENCY=0 sends none), the rate limit lifted.
 * The app runs as its own process (bench/probe-app.ts); its per-MX session ceiling is the app's default
 * unless BENCH_SINGLE_PER_MX sets it. Per level: calls/s, p50/p99/max, wrong verdicts, and from the app's
 * /metrics the event-store appends, read-store operations, SMTP sessions and the app's CPU time per call (the
 * steadiest figure on a loaded machine).
 * The baseline: a bulk job of BENCH_JOB_ROWS rows through POST /v1/jobs on the same MX (bench/topology-job.ts,
 * a fresh app with the bulk path's per-MX ceiling BENCH_PER_MX, 20, as bench:probe uses).
 *
 * Env: BENCH_CLIENTS (1,20,50), BENCH_SECONDS per level (10), BENCH_WARMUP_CALLS (300), BENCH_JOB_ROWS (5000;
 * 0 skips the baseline), BENCH_TOPOLOGY: embedded (default: SQLite event store, bus, read models), production
 * (Kafka + the MongoDB-wire server from KAFKA_BROKERS / MONGO_URL, all-in-one process) or roles (the same,
 * api / projector / worker as separate processes, BENCH_API_REPLICAS (2) api replicas sharing the read store,
 * clients spread round robin). BENCH_CPU_PROF=<dir> runs the app under node --cpu-prof (embedded,
 * all-in-one only) and writes its profile there when the app stops. BENCH_DETAIL=1 also prints the read-store
 * operations per call by collection and operation.
 */
import * as fs from 'node:fs';
import { PORT, realPostfix, startBenchPeers, userAddress } from './probe-peers';
import { startBenchApp, type BenchApp } from './probe-app';
import { percentile } from './probe-job';
import { runTopologyJob } from './topology-job';
import { adaptersFor, productionServers, type Servers } from './topology-adapters';
import { startRoleProcesses } from './topology-roles';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,20,50').split(',').map(Number).filter(Boolean);
const SECONDS = num('BENCH_SECONDS', 10);
const WARMUP_CALLS = num('BENCH_WARMUP_CALLS', 300);
const JOB_ROWS = num('BENCH_JOB_ROWS', 5000);
const IDEMPOTENCY = num('BENCH_IDEMPOTENCY', 1) === 1;
const TOPOLOGY = (process.env.BENCH_TOPOLOGY ?? 'embedded') as 'embedded' | 'production' | 'roles';
const API_REPLICAS = num('BENCH_API_REPLICAS', 2);
const METRICS_TOKEN = 'verify-concurrency-bench-metrics-token';
const DETAIL = num('BENCH_DETAIL', 0) === 1;

interface Level {
  clients: number;
  calls: number;
  seconds: number;
  latencies: number[];
  wrong: number;
  outcomes: Map<string, number>;
  per: Record<string, number>;
}

/** Hands out userN addresses in order, so no call repeats an earlier one (the Postfix table has 100,000). */
function addressSource(domain: string) {
  let n = 0;
  return () => {
    const k = n++ % 100_000;
    return { email: userAddress(k, domain), exists: k % 10 === 0 };
  };
}

/** Sums a counter over the app's processes. */
async function counters(app: BenchApp): Promise<Record<string, number>> {
  const names = [
    'mailcheck_event_appends_total',
    'mailcheck_read_store_operations_total',
    'mailcheck_smtp_sessions_opened_total',
    'mailcheck_smtp_sessions_reused_total',
    // The app's CPU per call: unlike calls/s, barely moved by what else runs on a shared machine.
    'process_cpu_seconds_total',
  ];
  const sums: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
  for (const p of app.processes) {
    const text = await (
      await fetch(`${p.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    for (const line of text.split('\n')) {
      for (const name of names)
        if (line.startsWith(`${name}{`) || line.startsWith(`${name} `))
          sums[name] += Number(line.slice(line.lastIndexOf(' ') + 1));
      // Per collection and operation, for BENCH_DETAIL: which read-store round trips a call makes.
      if (line.startsWith('mailcheck_read_store_operations_total{')) {
        const label = line.slice(line.indexOf('{'), line.lastIndexOf(' '));
        sums[`read ${label}`] = (sums[`read ${label}`] ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1));
      }
    }
  }
  return sums;
}

/** `clients` closed loops for `seconds` (or `maxCalls`), each call a fresh address. */
async function runLevel(
  urls: string[],
  apiKey: string,
  clients: number,
  next: () => { email: string; exists: boolean },
  until: { seconds: number; maxCalls?: number },
): Promise<Omit<Level, 'per'>> {
  const latencies: number[] = [];
  const outcomes = new Map<string, number>();
  let wrong = 0;
  let calls = 0;
  const started = performance.now();
  const deadline = started + until.seconds * 1000;
  const more = () => performance.now() < deadline && (until.maxCalls === undefined || calls < until.maxCalls);
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const url = `${urls[c % urls.length]}/v1/verify/single`;
      while (more()) {
        calls++;
        const { email, exists } = next();
        const headers: Record<string, string> = { 'content-type': 'application/json', 'x-api-key': apiKey };
        if (IDEMPOTENCY) headers['idempotency-key'] = `bench-${process.pid}-${email}-${calls}`;
        const t0 = performance.now();
        const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ email }) });
        const body = (await res.json()) as { data?: { result: string } };
        latencies.push(performance.now() - t0);
        const result = body.data?.result;
        const key = `${res.status} ${result ?? ''}`.trim();
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        if (result !== (exists ? 'ok' : 'invalid')) wrong++;
      }
    }),
  );
  return {
    clients,
    calls: latencies.length,
    seconds: (performance.now() - started) / 1000,
    latencies: latencies.sort((a, b) => a - b),
    wrong,
    outcomes,
  };
}

/** The first calls of a new account: a replica may not know its key until the projector applied it (401 meanwhile). */
async function waitForKey(urls: string[], apiKey: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (const url of urls)
    for (;;) {
      const res = await fetch(`${url}/v1/credits/balance`, { headers: { 'x-api-key': apiKey } });
      await res.arrayBuffer();
      if (res.status === 200) break;
      if (Date.now() > deadline) throw new Error(`${url} still answers ${res.status} for the new key`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
}

function startApp(env: Record<string, string>): Promise<BenchApp> {
  if (TOPOLOGY === 'roles') return startRoleProcesses(env, API_REPLICAS);
  const prof = process.env.BENCH_CPU_PROF;
  if (prof) {
    fs.mkdirSync(prof, { recursive: true });
    return startBenchApp(env, ['--cpu-prof', `--cpu-prof-dir=${prof}`]);
  }
  return startBenchApp(env);
}

async function singlesPhase(adapters: Record<string, string>, dnsServer: string, domain: string): Promise<Level[]> {
  const app = await startApp({
    DNS_SERVERS: dnsServer,
    SMTP_PROBE_PORT: String(PORT),
    RATE_LIMIT_PER_SECOND: '1000000',
    RATE_LIMIT_BURST: '1000000',
    METRICS_TOKEN,
    ...(process.env.BENCH_SINGLE_PER_MX ? { SMTP_PER_MX_CONCURRENCY: process.env.BENCH_SINGLE_PER_MX } : {}),
    ...adapters,
  });
  const levels: Level[] = [];
  try {
    console.log(`single verifies: ${app.topology}`);
    const urls = app.apiUrls ?? [app.url];
    const { apiKey } = await app.createAccount(10_000_000);
    await waitForKey(urls, apiKey);
    const next = addressSource(domain);
    await runLevel(urls, apiKey, 20, next, { seconds: 60, maxCalls: WARMUP_CALLS });
    for (const clients of CLIENTS) {
      const before = await counters(app);
      const level = await runLevel(urls, apiKey, clients, next, { seconds: SECONDS });
      const after = await counters(app);
      const per = Object.fromEntries(Object.keys(after).map((k) => [k, (after[k] - (before[k] ?? 0)) / level.calls]));
      levels.push({ ...level, per });
      printLevel(levels[levels.length - 1]);
      if (DETAIL) printReadOps(per);
    }
  } finally {
    await app.close();
  }
  return levels;
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

/** The read-store operations per call by collection and operation, most first. */
function printReadOps(per: Record<string, number>): void {
  const reads = Object.entries(per).filter(([k, v]) => k.startsWith('read {') && v >= 0.01);
  for (const [k, v] of reads.sort((a, b) => b[1] - a[1])) console.log(`          ${v.toFixed(2)} ${k.slice(5)}`);
}

function printLevel(level: Level): void {
  const { latencies: l, per } = level;
  console.log(
    [
      pad(level.clients, 7),
      pad(level.calls, 7),
      pad((level.calls / level.seconds).toFixed(0), 8),
      pad(percentile(l, 0.5).toFixed(1), 7),
      pad(percentile(l, 0.99).toFixed(1), 7),
      pad(l[l.length - 1].toFixed(1), 7),
      pad(level.wrong, 5),
      pad(per.mailcheck_event_appends_total.toFixed(2), 8),
      pad(per.mailcheck_read_store_operations_total.toFixed(2), 8),
      pad(per.mailcheck_smtp_sessions_opened_total.toFixed(3), 9),
      pad((per.process_cpu_seconds_total * 1000).toFixed(2), 7),
      `  ${JSON.stringify(Object.fromEntries(level.outcomes))}`,
    ].join(' '),
  );
}

async function main(): Promise<void> {
  const postfix = realPostfix();
  if (!postfix) throw new Error('the real Postfix could not start (scripts/integration/postfix.sh); see above');
  let servers: Servers | null = null;
  if (TOPOLOGY !== 'embedded') {
    const found = productionServers();
    if (typeof found === 'string') throw new Error(`BENCH_TOPOLOGY=${TOPOLOGY}: ${found}`);
    servers = found;
  }
  const peers = await startBenchPeers(['real-postfix'], postfix, 0);
  const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `bench:verify-concurrency ${new Date().toISOString()} — POST /v1/verify/single on the real Postfix ${postfix.version} ` +
      `(${postfix.host}:${postfix.port}, ${postfix.domain}), 10% real mailboxes, fresh address per call, ` +
      `Idempotency-Key ${IDEMPOTENCY ? 'on' : 'off'}, ${SECONDS} s per level; topology ${TOPOLOGY}; load ${load()}`,
  );
  console.log(
    `${pad('clients', 7)} ${pad('calls', 7)} ${pad('calls/s', 8)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('max ms', 7)} ${pad('wrong', 5)} ${pad('appends', 8)} ${pad('readops', 8)} ${pad('sessions', 9)} ${pad('cpu ms', 7)}  (appends, read-store ops, SMTP sessions opened, app CPU: per call)`,
  );
  try {
    const adapters = await adaptersFor(TOPOLOGY, servers as Servers, null);
    let levels: Level[];
    try {
      levels = await singlesPhase(adapters.env, peers.dns.server, postfix.domain);
    } finally {
      await adapters.cleanup();
    }
    if (JOB_ROWS <= 0) return;
    const jobAdapters = await adaptersFor(TOPOLOGY, servers as Servers, null);
    try {
      // Addresses past the singles' range would repeat; the job's own app starts fresh, so repeats do not matter.
      const addresses = Array.from({ length: JOB_ROWS }, (_, i) => userAddress(i, postfix.domain));
      const job = await runTopologyJob({
        adapters: jobAdapters.env,
        addresses,
        single: userAddress(0, postfix.domain),
        singleLoad: null,
        singlesPerSecond: 0,
        dnsServer: peers.dns.server,
        smtpPort: PORT,
        profilePostgres: false,
        startApp: TOPOLOGY === 'roles' ? (env) => startRoleProcesses(env, 1) : undefined,
      });
      const bulk = job.rowsPerSecond;
      console.log(
        `bulk baseline: a job of ${JOB_ROWS} rows through POST /v1/jobs on the same MX: ${job.status} in ${job.seconds.toFixed(1)} s = ${bulk.toFixed(0)} rows/s`,
      );
      for (const level of levels) {
        const rate = level.calls / level.seconds;
        console.log(
          `  ${pad(level.clients, 2)} clients: ${rate.toFixed(0)} calls/s = ${((100 * rate) / bulk).toFixed(0)}% of the bulk rate; p99 ${percentile(level.latencies, 0.99).toFixed(1)} ms`,
        );
      }
    } finally {
      await jobAdapters.cleanup();
    }
    console.log(`load ${load()} at the end`);
  } finally {
    await peers.close();
    postfix.stop();
  }
}

if (require.main === module)
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
