// Single-verify requests per second and p50/p99 latency with 50 concurrent HTTP clients, against the
// real all-in-one app probing a local SMTP server (loopback DNS and SMTP peers).
//   npm run bench:verify [-- --requests 3000 --concurrency 50]
//   npm run bench:verify -- --seal=off          personal data in the clear
//   npm run bench:verify -- --compare-sealing [--rounds 6]
// `--compare-sealing` (issue 39: sealing may cost at most 10% of the p50): rounds with sealing on and off
// in one process, interleaved on, off, off, on, on, off, ... so load drift on a shared machine falls on both
// alike, after one round of each not counted; each round is a fresh app and account (warmed up with
// `--warmup` calls, 200 by default) against the same peers. Prints each round, then p50/p99/calls per second
// per mode over all its rounds and the cost, the p50 cost within each adjacent on/off pair of rounds with
// their median, and this process's CPU time per call (app and clients share the process: barely moved by what
// else runs on the machine, unlike latency).
import { loadavg } from 'node:os';
import { startDnsPeer } from '../test/support/peers/dns-peer';
import { accept, startSmtpPeer } from '../test/support/peers/smtp-peer';
import { startTestApp } from '../test/support/test-app';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

type Peers = { dns: string; smtpPort: number };

interface Round {
  seal: boolean;
  seconds: number;
  latencies: number[];
  statuses: Map<string, number>;
  balance: number;
  /** This process's CPU time per measured call (app and clients; the clients' share is the same in both modes). */
  cpuMsPerCall: number;
}

/** `total` calls from `concurrency` closed-loop clients on a fresh app, after `warmup` calls not counted. */
async function round(peers: Peers, seal: boolean, total: number, concurrency: number, warmup: number): Promise<Round> {
  const app = await startTestApp({
    DNS_SERVERS: peers.dns,
    SMTP_PROBE_PORT: String(peers.smtpPort),
    PROBE_ALLOW_PRIVATE_NETWORKS: 'true',
    RATE_LIMIT_PER_SECOND: '1000000',
    RATE_LIMIT_BURST: '1000000',
    SMTP_PER_MX_CONCURRENCY: '10',
    SEAL_PERSONAL_DATA: String(seal),
  });
  try {
    const { apiKey } = await app.createAccount(warmup + total + 100);
    const run = async (calls: number) => {
      const latencies: number[] = [];
      const statuses = new Map<string, number>();
      let next = 0;
      const cpu = process.cpuUsage();
      const started = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < calls) {
            const email = `user${next++ % 200}@bench.test`;
            const t0 = process.hrtime.bigint();
            const res = await fetch(`${app.url}/v1/verify/single`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
              body: JSON.stringify({ email }),
            });
            const body = (await res.json()) as { data?: { result: string } };
            latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
            const key = `${res.status} ${body.data?.result ?? ''}`.trim();
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
          }
        }),
      );
      const used = process.cpuUsage(cpu);
      const cpuMsPerCall = (used.user + used.system) / 1000 / calls;
      return { latencies, statuses, seconds: Number(process.hrtime.bigint() - started) / 1e9, cpuMsPerCall };
    };
    if (warmup > 0) await run(warmup);
    const measured = await run(total);
    const balance = (await app.request('GET', '/v1/credits/balance', { key: apiKey })).body.data.balance;
    return { seal, ...measured, latencies: measured.latencies.sort((a, b) => a - b), balance };
  } finally {
    await app.close();
  }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

function summary(rounds: Round[]) {
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = rounds.reduce((s, r) => s + r.seconds, 0);
  return {
    calls: latencies.length,
    perSecond: latencies.length / seconds,
    p50: pct(latencies, 0.5),
    p99: pct(latencies, 0.99),
    cpuMsPerCall: rounds.reduce((s, r) => s + r.cpuMsPerCall, 0) / rounds.length,
  };
}

async function main(): Promise<void> {
  const total = flag('requests', 3000);
  const concurrency = flag('concurrency', 50);
  const compare = process.argv.includes('--compare-sealing');
  const dns = await startDnsPeer({
    'bench.test': { mx: [{ exchange: 'mx.bench.test', priority: 10 }] },
    'mx.bench.test': { a: ['127.0.0.1'] },
  });
  const recipients = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`user${i}`, accept()]));
  const smtp = await startSmtpPeer({ domains: { 'bench.test': { recipients } } });
  const peers = { dns: dns.server, smtpPort: smtp.port };
  try {
    if (!compare) {
      const seal = !process.argv.includes('--seal=off');
      const r = await round(peers, seal, total, concurrency, flag('warmup', 0));
      console.log(
        `verify/single (sealing ${seal ? 'on' : 'off'}): ${total} requests, ${concurrency} concurrent clients, local SMTP server (${smtp.stats.sessions} SMTP sessions, ${smtp.stats.rcpts.length} RCPTs)`,
      );
      console.log(`  ${(total / r.seconds).toFixed(0)} requests/s  (${r.seconds.toFixed(2)} s)`);
      console.log(
        `  latency p50 ${pct(r.latencies, 0.5).toFixed(1)} ms  p99 ${pct(r.latencies, 0.99).toFixed(1)} ms  max ${r.latencies[r.latencies.length - 1].toFixed(1)} ms`,
      );
      console.log(
        `  responses ${JSON.stringify(Object.fromEntries(r.statuses))}; balance now ${r.balance} of ${total + 100}`,
      );
      return;
    }
    const rounds = flag('rounds', 6);
    const warmup = flag('warmup', 200);
    console.log(
      `bench:verify --compare-sealing ${new Date().toISOString()}: ${rounds} rounds of ${total} calls (after ${warmup} ` +
        `warm-up calls), ${concurrency} concurrent clients, local SMTP server; load ${load()}`,
    );
    // A round of each mode not counted first: the process's own warm-up (JIT, modules, heap growth) fell on
    // round 1 otherwise (its CPU per call 30-40% above every later round's, in runs on 2026-11-28).
    for (const seal of [true, false]) await round(peers, seal, total, concurrency, warmup);
    const done: Round[] = [];
    for (let i = 0; i < rounds; i++) {
      // on, off, off, on, on, off, ...: each mode goes first as often as last.
      const seal = Math.floor((i + 1) / 2) % 2 === 0;
      const r = await round(peers, seal, total, concurrency, warmup);
      done.push(r);
      console.log(
        `  round ${i + 1} sealing ${seal ? 'on ' : 'off'}: ${(r.latencies.length / r.seconds).toFixed(0)} calls/s, ` +
          `p50 ${pct(r.latencies, 0.5).toFixed(1)} ms, p99 ${pct(r.latencies, 0.99).toFixed(1)} ms, ` +
          `CPU ${r.cpuMsPerCall.toFixed(2)} ms/call; ` +
          `${JSON.stringify(Object.fromEntries(r.statuses))}; load ${load()}`,
      );
    }
    const on = summary(done.filter((r) => r.seal));
    const off = summary(done.filter((r) => !r.seal));
    // What sealing adds to a latency, or takes from the rate, as a share of the figure with it off.
    const cost = (a: number, b: number, base: number) => `${(((a - b) / base) * 100).toFixed(1)}%`;
    for (const [name, s] of [
      ['sealing on ', on],
      ['sealing off', off],
    ] as const)
      console.log(
        `${name}: ${s.calls} calls, ${s.perSecond.toFixed(0)} calls/s, p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, ` +
          `CPU ${s.cpuMsPerCall.toFixed(2)} ms/call`,
      );
    console.log(
      `sealing costs: p50 ${cost(on.p50, off.p50, off.p50)}, p99 ${cost(on.p99, off.p99, off.p99)}, calls/s ${cost(off.perSecond, on.perSecond, off.perSecond)}, ` +
        `CPU per call ${cost(on.cpuMsPerCall, off.cpuMsPerCall, off.cpuMsPerCall)} ` +
        `(positive: slower with sealing); load ${load()}`,
    );
    // Rounds 1-2, 3-4, ... each hold one of each mode minutes apart: their ratio is the least moved by drift.
    const pairs: number[] = [];
    for (let i = 0; i + 1 < done.length; i += 2) {
      const [a, b] = [done[i], done[i + 1]];
      const [sealed, clear] = a.seal ? [a, b] : [b, a];
      pairs.push((pct(sealed.latencies, 0.5) - pct(clear.latencies, 0.5)) / pct(clear.latencies, 0.5));
    }
    const median = [...pairs].sort((x, y) => x - y)[Math.floor((pairs.length - 1) / 2)];
    console.log(
      `p50 cost per adjacent on/off pair: ${pairs.map((c) => `${(c * 100).toFixed(1)}%`).join(', ')}; ` +
        `median ${(median * 100).toFixed(1)}%`,
    );
  } finally {
    await smtp.close();
    await dns.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
