/**
 * The all-in-one app that phase (b) of `npm run bench:probe` drives through HTTP. By default it runs as its
 * own OS process, as `npm start` does, so the service does not share one thread with the loopback mail
 * servers it probes (on the internet they are other machines). BENCH_APP_PROCESS=0 runs it inside the
 * bench's process instead, as earlier rounds measured it.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ADMIN_TOKEN, startTestApp } from '../test/support/test-app';
import { killApp, spawnApp } from '../test/support/app-process';

export interface BenchApp {
  url: string;
  /** Every api process's base URL when there are replicas (clients spread over them); else just `url`. */
  apiUrls?: string[];
  topology: string;
  /** The OS processes serving it (role, pid, base URL of its /metrics), for per-process figures. */
  processes: { role: string; pid: number; url: string }[];
  createAccount(credits: number): Promise<{ apiKey: string }>;
  close(): Promise<void>;
}

/** An account with `credits` through the admin API of the app at `url`. */
export async function createBenchAccount(url: string, credits: number): Promise<{ apiKey: string }> {
  const res = await fetch(`${url}/admin/v1/accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'probe bench', credits }),
  });
  const body = (await res.json()) as { data: { apiKey: string } };
  if (res.status !== 201 && res.status !== 200) throw new Error(`createAccount failed: ${res.status}`);
  return body.data;
}

export async function startBenchApp(env: Record<string, string>, nodeArgs: string[] = []): Promise<BenchApp> {
  if (process.env.BENCH_APP_PROCESS === '0') {
    const app = await startTestApp(env);
    return {
      url: app.url,
      topology: 'app in the bench process',
      processes: [{ role: 'all-in-one (bench process)', pid: process.pid, url: app.url }],
      createAccount: (c) => app.createAccount(c),
      close: () => app.close(),
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-bench-app-'));
  const { child, url } = await spawnApp(
    {
      DATA_DIR: dataDir,
      PROBE_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      ...env,
    },
    nodeArgs,
  );
  return {
    url,
    topology: 'app as its own process (npm start)',
    processes: [{ role: 'all-in-one', pid: child.pid!, url }],
    createAccount: (credits) => createBenchAccount(url, credits),
    async close() {
      // Stopped as an operator stops it (SIGTERM drains); SIGKILL only if it hangs.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => void killApp(child), 10_000);
      await exited;
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
