/**
 * Phase (b) of `npm run bench:probe`: a bulk job over the profiles' domains through the HTTP API of the
 * all-in-one app, with single verifies of a real mailbox at the same MX meanwhile (the interactive lane),
 * and the baseline prober on the same addresses for comparison.
 *
 * The job runs once per single-verify load (BENCH_SINGLES, default both, each with a fresh app and fresh peers):
 * - `closed`: one single verify after another, back to back, as the earlier rounds measured. The faster
 *   they come back the more of them there are, so they take whatever the job leaves of the app's one thread,
 *   and a call's latency does not count the time it could not be sent (coordinated omission).
 * - `open`: BENCH_SINGLES_PER_SECOND (20) single verifies a second on a fixed schedule, each sent at its
 *   time whether or not earlier ones have answered, latency measured from the scheduled send time: the
 *   interactive traffic an operator plans for, and a latency that includes any wait for the app.
 */
import { probeOneSessionEach } from './probe-baseline';
import { domainOf, PEER_PROFILES, PORT, RealPostfix, startBenchPeers, userAddress } from './probe-peers';
import { startBenchApp } from './probe-app';

const PER_MX = Number(process.env.BENCH_PER_MX ?? 20);
const BASELINE = Number(process.env.BENCH_BASELINE ?? 1) === 1;
const SINGLE_LOADS = (process.env.BENCH_SINGLES ?? 'closed,open')
  .split(',')
  .map((load) => load.trim())
  .filter((load): load is SingleLoad => load === 'closed' || load === 'open');
const SINGLES_PER_SECOND = Number(process.env.BENCH_SINGLES_PER_SECOND ?? 20);

export type SingleLoad = 'closed' | 'open';

const METRICS_TOKEN = 'probe-bench-metrics-token';
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

const describeLoad = (load: SingleLoad) =>
  load === 'closed'
    ? 'closed loop: one after another, back to back'
    : `open loop: ${SINGLES_PER_SECOND}/s on a fixed schedule, latency from the scheduled send time`;

export async function runJobPhase(profiles: string[], postfix: RealPostfix | null, rows: number): Promise<void> {
  const usable = profiles.filter((p) => (p === 'real-postfix' ? postfix !== null : PEER_PROFILES[p] !== undefined));
  const domains = usable.map((p) => domainOf(p, postfix?.domain ?? ''));
  // Row i goes to domain i mod D, user i div D: every domain gets its share, 90% of each nonexistent.
  const addresses = Array.from({ length: rows }, (_, i) =>
    userAddress(Math.floor(i / domains.length), domains[i % domains.length]),
  );
  const singleProfile = usable.includes('real-postfix')
    ? 'real-postfix'
    : usable.includes('postfix')
      ? 'postfix'
      : usable[0];
  const single = userAddress(0, domainOf(singleProfile, postfix?.domain ?? ''));
  for (const load of SINGLE_LOADS) await runJob({ usable, domains, addresses, single, postfix, load });
  if (BASELINE) await runBaseline(usable, domains, addresses, postfix);
}

interface JobRun {
  usable: string[];
  domains: string[];
  addresses: string[];
  single: string;
  postfix: RealPostfix | null;
  load: SingleLoad;
}

/** Single verifies of `single` until `done()`: the latencies and the results they got. */
export async function singleVerifies(
  url: string,
  headers: Record<string, string>,
  single: string,
  load: SingleLoad,
  done: () => boolean,
  perSecond = SINGLES_PER_SECOND,
) {
  const latencies: number[] = [];
  const results = new Map<string, number>();
  const call = async (from: number) => {
    const res = await fetch(`${url}/v1/verify/single?email=${encodeURIComponent(single)}`, { headers });
    const body = (await res.json()) as { data?: { result: string; subResult: string } };
    latencies.push(performance.now() - from);
    const key = `${body.data?.result}/${body.data?.subResult}`;
    results.set(key, (results.get(key) ?? 0) + 1);
  };
  if (load === 'closed') {
    while (!done()) await call(performance.now());
  } else {
    const started = performance.now();
    const inFlight = new Set<Promise<void>>();
    for (let k = 0; !done(); k++) {
      const due = started + (k * 1000) / perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (done()) break;
      const sent = call(due).finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }
    await Promise.all(inFlight);
  }
  return { latencies: latencies.sort((a, b) => a - b), results };
}

async function runJob({ usable, domains, addresses, single, postfix, load }: JobRun): Promise<void> {
  const rows = addresses.length;
  const bench = await startBenchPeers(usable, postfix, Math.ceil(rows / domains.length));
  const app = await startBenchApp({
    DNS_SERVERS: bench.dns.server,
    SMTP_PROBE_PORT: String(PORT),
    SMTP_PER_MX_CONCURRENCY: String(PER_MX),
    RATE_LIMIT_PER_SECOND: '1000000',
    RATE_LIMIT_BURST: '1000000',
    METRICS_TOKEN: METRICS_TOKEN,
    SMTP_COMMAND_TIMEOUT_MS: '10000',
    SMTP_BANNER_TIMEOUT_MS: '10000',
  });
  try {
    const { apiKey } = await app.createAccount(rows + 100_000);
    const headers = { 'x-api-key': apiKey };
    const form = new FormData();
    form.append('file', new Blob([`email\n${addresses.join('\n')}\n`], { type: 'text/csv' }), 'bench.csv');
    const started = Date.now();
    const rcptsBefore = new Map([...bench.peers].map(([profile, peer]) => [profile, peer.stats.rcpts.length]));
    const created = await fetch(`${app.url}/v1/jobs`, { method: 'POST', headers, body: form });
    const job = ((await created.json()) as any).data;
    if (created.status !== 201) throw new Error(`upload failed: ${created.status} ${JSON.stringify(job)}`);

    // Single verifies while the job runs, against the MX the job is busiest on.
    let jobDone = false;
    const singles = singleVerifies(app.url, headers, single, load, () => jobDone);

    let view = job;
    while (view.status !== 'Completed' && view.status !== 'Failed') {
      await new Promise((r) => setTimeout(r, 200));
      view = ((await (await fetch(`${app.url}/v1/jobs/${job.id}`, { headers })).json()) as any).data;
    }
    const seconds = (Date.now() - started) / 1000;
    jobDone = true;
    const { latencies, results: singleResults } = await singles;
    console.log(
      `(b) bulk job through POST /v1/jobs: ${rows} rows over ${domains.length} domains (${usable.join(', ')}), 90% nonexistent; ${app.topology}; single verifies ${describeLoad(load)}`,
    );
    console.log(
      `  engine (HTTP API, end to end): ${view.status} in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds)} rows/s (the job's finishedAt ${((Date.parse(view.finishedAt) - started) / 1000).toFixed(1)} s after the upload began; the rest is the projection and this 200 ms poll); results ${JSON.stringify(view.results)}`,
    );
    console.log(
      `  single verify of ${single} meanwhile (${load} loop): ${latencies.length} calls, p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms, max ${latencies[latencies.length - 1]?.toFixed(0)} ms; ${JSON.stringify(Object.fromEntries(singleResults))}`,
    );
    const metrics = await (
      await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    const series = (name: string) =>
      metrics
        .split('\n')
        .filter((l) => l.startsWith(name))
        .map((l) => l.replace(name, '').replace(/provider="[^"]*",?/, ''))
        .join(' ');
    console.log(
      `  engine: SMTP sessions opened ${series('mailcheck_smtp_sessions_opened_total')}; back-offs ${series('mailcheck_smtp_mx_backoffs_total') || 'none'}`,
    );
    console.log(`  adaptive decisions: ${series('mailcheck_smtp_adaptive_decisions_total')}`);
    const peerSessions = [...bench.peers.values()].reduce((n, p) => n + p.stats.sessions, 0);
    const delayed = [...bench.peers.values()].reduce((n, p) => n + p.stats.defences.delayedReplies, 0);
    const refusals = [...bench.peers.values()].reduce(
      (n, p) => n + p.stats.defences.connectionRefusals + p.stats.defences.errorDisconnects,
      0,
    );
    // When each loopback peer got its first and last RCPT of the job: a job ends with its slowest domain.
    const spans = [...bench.peers].map(([profile, peer]) => {
      const rcpts = peer.stats.rcpts.slice(rcptsBefore.get(profile));
      return `${profile} ${((rcpts[0]?.at - started) / 1000).toFixed(1)}-${((rcpts[rcpts.length - 1]?.at - started) / 1000).toFixed(1)} s`;
    });
    console.log(`  RCPTs of the job per loopback peer, seconds from the upload: ${spans.join(', ')}`);
    console.log(
      `  loopback peers saw ${peerSessions} SMTP sessions, ${refusals} 421s sent, ${delayed} delayed replies waited out (the real Postfix's own sessions are in its maillog)`,
    );
  } finally {
    await app.close();
    await bench.close();
  }
}

/** The one-session-per-address prober on the job's addresses, per domain, 20 at a time (fresh peers). */
async function runBaseline(
  usable: string[],
  domains: string[],
  addresses: string[],
  postfix: RealPostfix | null,
): Promise<void> {
  const bench = await startBenchPeers(usable, postfix, Math.ceil(addresses.length / domains.length));
  try {
    const baseStarted = process.hrtime.bigint();
    const perDomain = await Promise.all(
      domains.map((domain, d) => {
        const ip = usable[d] === 'real-postfix' ? postfix!.host : PEER_PROFILES[usable[d]].ip;
        return probeOneSessionEach(
          addresses.filter((a) => a.endsWith(`@${domain}`)),
          ip,
          PORT,
          20,
        );
      }),
    );
    const baseSeconds = Number(process.hrtime.bigint() - baseStarted) / 1e9;
    const unknown = perDomain.reduce((n, r) => n + r.results.filter((x) => x === 'unknown').length, 0);
    const sessions = perDomain.reduce((n, r) => n + r.sessions, 0);
    const replies421 = perDomain.reduce((n, r) => n + r.replies421, 0);
    console.log(
      `  baseline (one session per address, 20 at a time per domain, no HTTP): ${baseSeconds.toFixed(1)} s = ${Math.round(addresses.length / baseSeconds)} addr/s, ${sessions} sessions, ${replies421} 421s, ${unknown} unknown`,
    );
  } finally {
    await bench.close();
  }
}
