// Single-verify requests per second and p50/p99 latency with 50 concurrent HTTP clients, against the
// real all-in-one app probing a local SMTP server (loopback DNS and SMTP peers).
//   npm run bench:verify [-- --requests 3000 --concurrency 50]
import { startDnsPeer } from '../test/support/peers/dns-peer';
import { accept, startSmtpPeer } from '../test/support/peers/smtp-peer';
import { startTestApp } from '../test/support/test-app';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main(): Promise<void> {
  const total = flag('requests', 3000);
  const concurrency = flag('concurrency', 50);
  const dns = await startDnsPeer({
    'bench.test': { mx: [{ exchange: 'mx.bench.test', priority: 10 }] },
    'mx.bench.test': { a: ['127.0.0.1'] },
  });
  const recipients = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`user${i}`, accept()]));
  const smtp = await startSmtpPeer({ domains: { 'bench.test': { recipients } } });
  const app = await startTestApp({
    DNS_SERVERS: dns.server,
    SMTP_PROBE_PORT: String(smtp.port),
    PROBE_ALLOW_PRIVATE_NETWORKS: 'true',
    RATE_LIMIT_PER_SECOND: '1000000',
    RATE_LIMIT_BURST: '1000000',
    SMTP_PER_MX_CONCURRENCY: '10',
    // `--seal=off`: personal data in the clear, to measure what sealing costs side by side (issue 39).
    SEAL_PERSONAL_DATA: process.argv.includes('--seal=off') ? 'false' : 'true',
  });
  const { apiKey } = await app.createAccount(total + 100);
  const latencies: number[] = [];
  const statuses = new Map<string, number>();
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
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
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
  const balance = await app.request('GET', '/v1/credits/balance', { key: apiKey });
  console.log(
    `verify/single (sealing ${process.argv.includes('--seal=off') ? 'off' : 'on'}): ${total} requests, ${concurrency} concurrent clients, local SMTP server (${smtp.stats.sessions} SMTP sessions, ${smtp.stats.rcpts.length} RCPTs)`,
  );
  console.log(`  ${(total / seconds).toFixed(0)} requests/s  (${seconds.toFixed(2)} s)`);
  console.log(
    `  latency p50 ${pct(0.5)} ms  p99 ${pct(0.99)} ms  max ${latencies[latencies.length - 1].toFixed(1)} ms`,
  );
  console.log(
    `  responses ${JSON.stringify(Object.fromEntries(statuses))}; balance now ${balance.body.data.balance} of ${total + 100}`,
  );
  await app.close();
  await smtp.close();
  await dns.close();
}

void main();
