// How long /health waits while 8 clients send maximum-size hostile JSON bodies (about 1 MiB each,
// 130,000 unknown keys: the CPU attack of issue 12) to POST /v1/verify/single, next to a baseline with
// no hostile load measured in the same run. The app runs as its own OS process (npm start's entry), so
// the load generator's own work does not count as the server's.
//   npm run bench:hostile-bodies [-- --seconds 10 --clients 8]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freeLoopbackPort, startAppProcess } from '../test/support/app-process';
import { manyKeysBody } from '../test/support/hostile-bodies';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** Polls /health one request after another until `until` resolves; returns every round-trip in ms. */
async function pollHealth(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const delays: number[] = [];
  while (!done) {
    const t0 = process.hrtime.bigint();
    const res = await fetch(`${url}/health`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/health answered ${res.status}`);
    delays.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return delays;
}

const summary = (delays: number[]) => {
  const sorted = [...delays].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  return `${sorted.length} polls, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, worst ${sorted[sorted.length - 1].toFixed(1)} ms`;
};

async function main(): Promise<void> {
  const seconds = flag('seconds', 10);
  const clients = flag('clients', 8);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-hostile-'));
  const app = startAppProcess({
    DATA_DIR: dataDir,
    PORT: String(await freeLoopbackPort()),
    LOG_LEVEL: 'warn',
    ADMIN_TOKEN: 'bench-admin-token',
    RATE_LIMIT_PER_SECOND: '1000000',
    RATE_LIMIT_BURST: '1000000',
  });
  try {
    const url = await app.listening();
    const created = await fetch(`${url}/admin/v1/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer bench-admin-token' },
      body: JSON.stringify({ name: 'Bench', credits: 0 }),
    });
    const { apiKey } = ((await created.json()) as { data: { apiKey: string } }).data;

    const baseline = await pollHealth(url, new Promise((resolve) => setTimeout(resolve, seconds * 1000)));

    const body = manyKeysBody({ email: 'jane@acme.test' });
    const statuses = new Map<string, number>();
    const deadline = Date.now() + seconds * 1000;
    const hostile = Promise.all(
      Array.from({ length: clients }, async () => {
        while (Date.now() < deadline) {
          const res = await fetch(`${url}/v1/verify/single`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
            body,
          });
          const answer = (await res.json()) as { error?: { code: number } };
          const key = `${res.status} ${answer.error?.code ?? ''}`.trim();
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
      }),
    );
    const loaded = await pollHealth(url, hostile);
    await hostile;

    console.log(
      `hostile bodies: ${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB, 130,000 keys each, ${clients} concurrent clients for ${seconds} s`,
    );
    console.log(
      `answers: ${[...statuses].map(([k, n]) => `${n} x ${k}`).join(', ')} (${[...statuses.values()].reduce((a, b) => a + b, 0) / seconds} bodies/s)`,
    );
    console.log(`/health without hostile load: ${summary(baseline)}`);
    console.log(`/health under hostile load:   ${summary(loaded)}`);
  } finally {
    app.child.kill('SIGTERM');
    await app.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
