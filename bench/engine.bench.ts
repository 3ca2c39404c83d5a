/**
 * Verification engine throughput against loopback peers: addresses per second with SMTP
 * session reuse on and off, side by side. Domains share MX addresses the way hosted mail
 * does (BENCH_DOMAINS over BENCH_MX_IPS loopback IPs), so the per-MX cap is exercised.
 *
 *   node -r ./scripts/register-ts.js bench/engine.bench.ts
 *   BENCH_ADDRESSES=5000 BENCH_DOMAINS=100 node -r ./scripts/register-ts.js bench/engine.bench.ts
 *
 * Env: BENCH_ADDRESSES (50000), BENCH_DOMAINS (500), BENCH_MX_IPS (50), BENCH_PER_MX (3),
 * BENCH_CONCURRENCY (64 domains in flight), BENCH_TLS (1 = offer STARTTLS, 0 = plain),
 * BENCH_MODES ('on,off': which session-reuse settings to run).
 */
import { startDnsPeer, ZoneEntry } from '../test/support/peers/dns-peer';
import { accept, startSmtpPeer } from '../test/support/peers/smtp-peer';
import { VerificationEngine } from '@lib/verification-engine';
import { loopbackConfig } from '../test/support/engine-world';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ADDRESSES = num('BENCH_ADDRESSES', 50_000);
const DOMAINS = num('BENCH_DOMAINS', 500);
const MX_IPS = num('BENCH_MX_IPS', 50);
const PER_MX = num('BENCH_PER_MX', 3);
const CONCURRENCY = num('BENCH_CONCURRENCY', 64);
const TLS = num('BENCH_TLS', 1) === 1;
const MODES = (process.env.BENCH_MODES ?? 'on,off').split(',').map((m) => m.trim() === 'on');

function tally(labels: string[]): string {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].map(([label, n]) => `${label} ${n}`).join(', ');
}

async function main(): Promise<void> {
  const ips = Array.from({ length: MX_IPS }, (_, i) => `127.0.1.${i + 1}`);
  const zones: Record<string, ZoneEntry> = {};
  const domains = Array.from({ length: DOMAINS }, (_, i) => `bench${i}.test`);
  domains.forEach((domain, i) => {
    zones[domain] = { mx: [{ exchange: `mx.${domain}`, priority: 10 }], ttl: 3600 };
    zones[`mx.${domain}`] = { a: [ips[i % ips.length]], ttl: 3600 };
  });
  // Even-numbered users exist; odd ones are rejected with 550 5.1.1, like a real list.
  const perDomain = Math.ceil(ADDRESSES / DOMAINS);
  const recipients = Object.fromEntries(
    Array.from({ length: perDomain }, (_, u) => [
      `user${u}`,
      u % 2 === 0 ? accept() : { kind: 'reply' as const, code: 550, text: '5.1.1 User unknown' },
    ]),
  );
  const addresses = Array.from(
    { length: ADDRESSES },
    (_, n) => `user${Math.floor(n / DOMAINS)}@${domains[n % DOMAINS]}`,
  );

  const dns = await startDnsPeer(zones);
  const smtp = await startSmtpPeer({
    listen: ips,
    hideStartTls: !TLS,
    domains: Object.fromEntries(domains.map((d) => [d, { recipients }])),
  });
  const rows: Array<{
    mode: string;
    seconds: number;
    rate: number;
    sessions: number;
    ok: number;
    invalid: number;
    other: number;
    otherKinds: string;
  }> = [];
  try {
    for (const sessionReuse of MODES) {
      const engine = new VerificationEngine(
        loopbackConfig(dns.server, smtp.port, {
          sessionReuse,
          perMxConcurrency: PER_MX,
          commandTimeoutMs: 10_000,
          bannerTimeoutMs: 10_000,
          connectTimeoutMs: 10_000,
          dnsTimeoutMs: 2_000,
        }),
      );
      const sessionsBefore = smtp.stats.sessions;
      const started = process.hrtime.bigint();
      const verdicts = await engine.verifyMany(addresses, { mode: 'bulk', concurrency: CONCURRENCY });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      await engine.close();
      const count = (r: string) => verdicts.filter((v) => v.result === r).length;
      rows.push({
        mode: sessionReuse ? 'reuse on' : 'reuse off',
        seconds,
        rate: ADDRESSES / seconds,
        sessions: smtp.stats.sessions - sessionsBefore,
        ok: count('ok'),
        invalid: count('invalid'),
        other: ADDRESSES - count('ok') - count('invalid'),
        otherKinds: tally(
          verdicts.filter((v) => v.result !== 'ok' && v.result !== 'invalid').map((v) => `${v.result}/${v.subResult}`),
        ),
      });
    }
  } finally {
    await smtp.close();
    await dns.close();
  }
  console.log(
    `engine bench: ${ADDRESSES} addresses, ${DOMAINS} domains, ${MX_IPS} MX IPs, ${PER_MX} sessions per MX, STARTTLS ${TLS ? 'on' : 'off'}, DATA commands seen: ${smtp.stats.commands.filter((c) => c === 'DATA').length}`,
  );
  console.log(
    [
      'mode'.padEnd(10),
      'seconds'.padStart(9),
      'addr/s'.padStart(9),
      'sessions'.padStart(9),
      'ok'.padStart(7),
      'invalid'.padStart(8),
      'other'.padStart(6),
    ].join(' '),
  );
  for (const r of rows) {
    console.log(
      [
        r.mode.padEnd(10),
        r.seconds.toFixed(2).padStart(9),
        r.rate.toFixed(0).padStart(9),
        String(r.sessions).padStart(9),
        String(r.ok).padStart(7),
        String(r.invalid).padStart(8),
        String(r.other).padStart(6),
      ].join(' '),
    );
  }
  for (const r of rows.filter((row) => row.other > 0)) console.log(`${r.mode} undecided: ${r.otherKinds}`);
  if (rows.length === 2) console.log(`speed-up from session reuse: ${(rows[0].rate / rows[1].rate).toFixed(1)}x`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
