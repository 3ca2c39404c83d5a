/**
 * The loopback peers of the bulk-job benches (`bench:jobs`, `bench:erase`), in a child process so they do not
 * share a thread with the app: DNS for domain0..domain299.example (what syntheticCsv spreads rows over), MX
 * spread over 30 loopback IPs, and an SMTP server on them that accepts every recipient.
 */
import { fork, ChildProcess } from 'node:child_process';
import { startDnsPeer, ZoneEntry } from '../test/support/peers/dns-peer';
import { accept, startSmtpPeer } from '../test/support/peers/smtp-peer';

export const JOB_DOMAINS = 300;
const IPS = Array.from({ length: 30 }, (_, i) => `127.0.2.${i + 1}`);

export interface JobPeers {
  child: ChildProcess;
  dns: string;
  smtpPort: number;
  /** Peak RSS of the peers' process so far. */
  peakRss(): number;
  close(): void;
}

async function runPeers(): Promise<void> {
  const zones: Record<string, ZoneEntry> = {};
  for (let i = 0; i < JOB_DOMAINS; i++) {
    zones[`domain${i}.example`] = { mx: [{ exchange: `mx.domain${i}.example`, priority: 10 }], ttl: 3600 };
    zones[`mx.domain${i}.example`] = { a: [IPS[i % IPS.length]], ttl: 3600 };
  }
  const dns = await startDnsPeer(zones);
  const smtp = await startSmtpPeer({ default: accept(), listen: IPS });
  setInterval(() => process.send!({ rss: process.memoryUsage().rss }), 250).unref();
  process.send!({ dns: dns.server, smtpPort: smtp.port });
  process.on('disconnect', () => process.exit(0));
}

/** Forks this file as the peers' process; resolves once they listen. */
export function startJobPeers(): Promise<JobPeers> {
  const child = fork(__filename, ['--peers'], { execArgv: process.execArgv });
  let peak = 0;
  return new Promise((resolve) =>
    child.on('message', (m: any) => {
      if (m.rss) peak = Math.max(peak, m.rss);
      if (m.dns)
        resolve({ child, dns: m.dns, smtpPort: m.smtpPort, peakRss: () => peak, close: () => child.disconnect() });
    }),
  );
}

if (require.main === module && process.argv.includes('--peers')) void runPeers();
