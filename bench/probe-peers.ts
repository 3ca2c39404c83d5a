/** The SMTP servers of `npm run bench:probe`: loopback peers per MTA-defence profile and the real Postfix. */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { stopOnExit } from './stop-on-exit';
import { startDnsPeer, ZoneEntry } from '../test/support/peers/dns-peer';
import {
  accept,
  eximLike,
  m365Like,
  MtaDefences,
  postfixDefaults,
  slowBanner,
  SmtpPeer,
  startSmtpPeer,
} from '../test/support/peers/smtp-peer';

/** Every listener shares this port (Postfix's), since the prober uses one SMTP port for every MX. */
export const PORT = Number(process.env.BENCH_SMTP_PORT ?? 2525);

/** A loopback peer per profile, each on its own address. */
export const PEER_PROFILES: Record<string, { ip: string; defences?: MtaDefences }> = {
  cooperative: { ip: '127.0.3.1' },
  postfix: { ip: '127.0.3.2', defences: postfixDefaults() },
  exim: { ip: '127.0.3.3', defences: eximLike() },
  m365: { ip: '127.0.3.4', defences: m365Like() },
  'slow-banner': { ip: '127.0.3.5', defences: slowBanner(500) },
};

export const domainOf = (profile: string, postfixDomain: string) =>
  profile === 'real-postfix' ? postfixDomain : `${profile}.bench.test`;
/** Every tenth userN is a mailbox, as in the real Postfix's table. */
export const userAddress = (n: number, domain: string) => `user${n}@${domain}`;
const userRecipients = (count: number) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, n) => n)
      .filter((n) => n % 10 === 0)
      .map((n) => [`user${n}`, accept()]),
  );

export interface RealPostfix {
  host: string;
  port: number;
  domain: string;
  version: string;
  maillog: string;
  /** The finder's companies the script writes (bench/finder-pattern-table.ts). */
  finderSuffix: string;
  finderPeople: string;
  /** Stops the instance when this bench started it (one that was already running is left running); idempotent. */
  stop(): void;
}

const POSTFIX_SCRIPT = join(__dirname, '..', 'scripts', 'integration', 'postfix.sh');
const postfixScript = (command: 'up' | 'down' | 'status') =>
  execFileSync('bash', [POSTFIX_SCRIPT, command], {
    encoding: 'utf8',
    env: { ...process.env, POSTFIX_PORT: String(PORT) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });

function runningAlready(): boolean {
  try {
    postfixScript('status');
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts (or finds running) the private Postfix of scripts/integration/postfix.sh (INTEGRATION_DIR,
 * POSTFIX_ADDRESS); null, with the reason printed, when it cannot run here. An instance this call
 * started is stopped by stop(), and when the process exits or is interrupted before that, so a bench
 * never leaves a Postfix listening behind it.
 */
export function realPostfix(): RealPostfix | null {
  const startedHere = !runningAlready();
  let out: string;
  try {
    out = postfixScript('up');
  } catch (error) {
    console.log(`real Postfix: skipped (${(error as Error).message.split('\n')[0]})`);
    return null;
  }
  const stop = stopOnExit(startedHere, () => postfixScript('down'));
  const value = (name: string) => new RegExp(`${name}=(\\S+)`).exec(out)?.[1] ?? '';
  return {
    host: value('POSTFIX_SMTP_HOST'),
    port: Number(value('POSTFIX_SMTP_PORT')),
    domain: value('POSTFIX_DOMAIN'),
    version: value('POSTFIX_VERSION'),
    maillog: value('POSTFIX_MAILLOG'),
    finderSuffix: value('POSTFIX_FINDER_SUFFIX'),
    finderPeople: value('POSTFIX_FINDER_PEOPLE'),
    stop,
  };
}

/** DNS for every profile's domain and a peer per loopback profile, each serving `users` userN addresses. */
export async function startBenchPeers(profiles: string[], postfix: RealPostfix | null, users: number) {
  const zones: Record<string, ZoneEntry> = {};
  const peers = new Map<string, SmtpPeer>();
  for (const profile of profiles) {
    const ip = profile === 'real-postfix' ? postfix?.host : PEER_PROFILES[profile]?.ip;
    if (!ip) continue;
    const domain = domainOf(profile, postfix?.domain ?? '');
    zones[domain] = { mx: [{ exchange: `mx.${domain}`, priority: 10 }], ttl: 3600 };
    zones[`mx.${domain}`] = { a: [ip], ttl: 3600 };
    if (profile === 'real-postfix') continue;
    peers.set(
      profile,
      await startSmtpPeer({
        listen: [ip],
        port: PORT,
        defences: PEER_PROFILES[profile].defences,
        domains: { [domain]: { recipients: userRecipients(users) } },
      }),
    );
  }
  const dns = await startDnsPeer(zones);
  return {
    dns,
    peers,
    close: async () => {
      await Promise.all([...peers.values()].map((p) => p.close()));
      await dns.close();
    },
  };
}
