/**
 * Probing at the speed real mail servers allow: this engine against MTAs that defend themselves, side
 * by side with the one-session-per-address baseline (bench/probe-baseline.ts, 20 at a time).
 *
 *   npm run bench:probe
 *   BENCH_PROFILES=postfix,real-postfix BENCH_JOB_ROWS=5000 npm run bench:probe
 *
 * (a) per profile: 1,000 addresses at one domain, 90% nonexistent (every tenth userN exists), engine in
 *     bulk mode vs baseline: addresses/s, SMTP sessions opened, 421s received, unknown verdicts, and
 *     what the server's defences did (delayed replies, "too many errors" disconnects).
 * (b) a bulk job of BENCH_JOB_ROWS (20,000) rows over the profiles' domains through the HTTP API of the
 *     all-in-one app (bench/probe-job.ts), with single verifies of a real mailbox at the real Postfix
 *     (or the Postfix-like peer) running meanwhile: rows/s and single-verify p50/p99. Run twice, with a
 *     fresh app each time: single verifies back to back (closed loop, as earlier rounds measured), then
 *     BENCH_SINGLES_PER_SECOND (20) a second on a fixed schedule (open loop); BENCH_SINGLES=closed or =open
 *     runs one of them.
 *
 * Profiles: the loopback peers of test/support/peers/mta-defences.ts (postfix: smtpd defaults; exim: delay after
 * 5 bad RCPTs; m365: 452 4.5.3 after 10 RCPTs, 421 past 8 connections; slow-banner: 500 ms greeting),
 * `cooperative` (no defences), and `real-postfix`: Postfix 3.7 from Debian's packages, stock smtpd limits
 * (in_flow_delay 0, see the script), started by scripts/integration/postfix.sh (needs root for apt-get the
 * first time; the profile is skipped, with the reason printed, when that fails) and stopped again when the
 * bench ends, fails or is interrupted, unless it was running before. INTEGRATION_DIR and POSTFIX_ADDRESS
 * choose the instance, so a bench need not share the integration suite's.
 * Every SMTP listener shares port BENCH_SMTP_PORT (2525, Postfix's), since the prober uses one port for all MX.
 *
 * Env: BENCH_PROFILES (all), BENCH_ADDRESSES (1000), BENCH_JOB_ROWS (20000; 0 skips (b)),
 * BENCH_PER_MX (20: the engine's per-MX ceiling, as many as the baseline's 20 at a time), BENCH_BASELINE (1),
 * BENCH_CONNECTS_PER_SECOND (50) and BENCH_CONNECTS_PER_SECOND_CEILING (500): the engine's defaults for the adaptive
 * per-MX connect rate, where it starts and how high it may grow (phase (a) only).
 */
import { VerificationEngine, VerificationObserver, AdaptiveDecision } from '@lib/verification-engine';
import { SILENT_VERIFICATION_OBSERVER } from '@lib/verification-engine/testing';
import { loopbackConfig } from '../test/support/engine-world';
import { probeOneSessionEach } from './probe-baseline';
import { runJobPhase } from './probe-job';
import { domainOf, PEER_PROFILES, PORT, RealPostfix, realPostfix, startBenchPeers, userAddress } from './probe-peers';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ADDRESSES = num('BENCH_ADDRESSES', 1_000);
const JOB_ROWS = num('BENCH_JOB_ROWS', 20_000);
const PER_MX = num('BENCH_PER_MX', 20);
const BASELINE = num('BENCH_BASELINE', 1) === 1;
// The engine's defaults (SMTP_CONNECTS_PER_SECOND_PER_MX, ..._CEILING) unless set: pacing is what bounds it against a fast server.
const CONNECTS_PER_SECOND = num('BENCH_CONNECTS_PER_SECOND', 50);
const CONNECTS_CEILING = num('BENCH_CONNECTS_PER_SECOND_CEILING', 500);
const ALL = ['cooperative', 'postfix', 'exim', 'm365', 'slow-banner', 'real-postfix'];
const PROFILES = (process.env.BENCH_PROFILES ?? ALL.join(','))
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);

/** Counts the engine's adaptive decisions and 421-driven events. */
function countingObserver(): VerificationObserver & { counts: Map<string, number> } {
  const counts = new Map<string, number>();
  const bump = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  return {
    ...SILENT_VERIFICATION_OBSERVER,
    counts,
    sessionAdapted: (decision: AdaptiveDecision) => bump(decision),
    mxBackedOff: (_provider, code) => bump(`backoff_${code}`),
  };
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(9);

/** A few unmeasured probes by both probers first, so neither pays for loading and compiling code in its figure. */
async function warmUp(dnsServer: string, profiles: string[], postfix: RealPostfix | null): Promise<void> {
  const profile = profiles.find((p) => p === 'cooperative') ?? profiles[0];
  const ip = profile === 'real-postfix' ? postfix?.host : PEER_PROFILES[profile]?.ip;
  if (!ip) return;
  const addresses = Array.from({ length: 40 }, (_, n) => userAddress(n, domainOf(profile, postfix?.domain ?? '')));
  const engine = new VerificationEngine(loopbackConfig(dnsServer, PORT, { perMxConcurrency: PER_MX }));
  await engine.verifyMany(addresses, { mode: 'bulk' });
  await engine.close();
  await probeOneSessionEach(addresses, ip, PORT, 20);
}

async function addressPhase(profiles: string[], postfix: RealPostfix | null): Promise<void> {
  const bench = await startBenchPeers(profiles, postfix, ADDRESSES);
  console.log(
    `(a) ${ADDRESSES} addresses at one domain per profile, 90% nonexistent; engine per-MX ceiling ${PER_MX}, connect rate per MX from ${CONNECTS_PER_SECOND}/s up to ${CONNECTS_CEILING}/s; baseline 20 sessions at a time`,
  );
  console.log(
    [
      'profile'.padEnd(13),
      'prober'.padEnd(9),
      'seconds',
      '   addr/s',
      ' sessions',
      '     421s',
      '  unknown',
      'delayed',
      'err-disc',
      '  adaptive decisions',
    ].join(' '),
  );
  try {
    await warmUp(bench.dns.server, profiles, postfix);
    for (const profile of profiles) {
      const ip = profile === 'real-postfix' ? postfix?.host : PEER_PROFILES[profile]?.ip;
      if (!ip) continue;
      const domain = domainOf(profile, postfix?.domain ?? '');
      const addresses = Array.from({ length: ADDRESSES }, (_, n) => userAddress(n, domain));
      // The real Postfix's own counts are in its maillog; the peers count what their defences did.
      const stats = bench.peers.get(profile)?.stats ?? null;
      const snapshot = () => ({
        sessions: stats?.sessions ?? 0,
        delayed: stats?.defences.delayedReplies ?? 0,
        disconnects: stats?.defences.errorDisconnects ?? 0,
      });

      const observer = countingObserver();
      const engine = new VerificationEngine(
        loopbackConfig(bench.dns.server, PORT, {
          perMxConcurrency: PER_MX,
          connectsPerSecondPerMx: CONNECTS_PER_SECOND,
          connectsPerSecondPerMxCeiling: CONNECTS_CEILING,
          observer,
          commandTimeoutMs: 10_000,
          bannerTimeoutMs: 10_000,
        }),
      );
      const before = snapshot();
      let started = process.hrtime.bigint();
      const verdicts = await engine.verifyMany(addresses, { mode: 'bulk' });
      let seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const sessions = engine.sessionsOpened;
      await engine.close();
      const after = snapshot();
      const replies421 = [...observer.counts]
        .filter(([k]) => k === 'reconnect_after_421' || k === 'backoff_421')
        .reduce((a, [, n]) => a + n, 0);
      const decisions = [...observer.counts].map(([k, n]) => `${k} ${n}`).join(', ');
      const unknown = verdicts.filter((v) => v.result !== 'ok' && v.result !== 'invalid').length;
      const wrong = verdicts.filter(
        (v, i) => (v.result === 'ok') !== (i % 10 === 0) && (v.result === 'ok' || v.result === 'invalid'),
      ).length;
      console.log(
        [
          profile.padEnd(13),
          'engine'.padEnd(9),
          fmt(seconds, 2).slice(2),
          fmt(ADDRESSES / seconds),
          fmt(sessions),
          fmt(replies421),
          fmt(unknown),
          String(after.delayed - before.delayed).padStart(7),
          String(after.disconnects - before.disconnects).padStart(8),
          ` ${decisions}${wrong ? ` WRONG VERDICTS ${wrong}` : ''}`,
        ].join(' '),
      );
      if (!BASELINE) continue;
      const baseBefore = snapshot();
      started = process.hrtime.bigint();
      const base = await probeOneSessionEach(addresses, ip, PORT, 20);
      seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const baseAfter = snapshot();
      console.log(
        [
          profile.padEnd(13),
          'baseline'.padEnd(9),
          fmt(seconds, 2).slice(2),
          fmt(ADDRESSES / seconds),
          fmt(base.sessions),
          fmt(base.replies421),
          fmt(base.results.filter((r) => r === 'unknown').length),
          String(baseAfter.delayed - baseBefore.delayed).padStart(7),
          String(baseAfter.disconnects - baseBefore.disconnects).padStart(8),
        ].join(' '),
      );
    }
  } finally {
    await bench.close();
  }
}

async function main(): Promise<void> {
  const postfix = PROFILES.includes('real-postfix') ? realPostfix() : null;
  if (postfix)
    console.log(
      `real Postfix: ${postfix.version} on ${postfix.host}:${postfix.port}, domain ${postfix.domain}, stock smtpd limits, in_flow_delay 0 (scripts/integration/postfix.sh)`,
    );
  try {
    await addressPhase(PROFILES, postfix);
    if (JOB_ROWS > 0) await runJobPhase(PROFILES, postfix, JOB_ROWS);
  } finally {
    postfix?.stop();
  }
}

if (require.main === module)
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
