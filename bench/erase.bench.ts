/**
 * Crypto-shredding at scale (issue 39: "erasing a 500,000-row job takes seconds, not a rewrite of the log").
 *
 *   flock /work/bench.lock npm run bench:erase                          # 500,000 rows
 *   BENCH_ERASE_ROWS=5000 flock /work/bench.lock npm run bench:erase    # a quick run
 *
 * What is real: everything. The real all-in-one app (api + worker + projector, embedded adapters, sealing on,
 * its default DATA_KEY_CACHE_SECONDS unless set) runs in this process; the loopback DNS and accept-all SMTP
 * peers of `bench:jobs` run in a child process (bench/job-peers.ts). The state is what a job leaves: a
 * BENCH_ERASE_ROWS-row synthetic CSV (one distinct address a row, 300 domains) uploaded through POST /v1/jobs
 * by a dashboard owner's key and run to Completed by the worker, so every row's address is sealed in
 * `ChunkCompleted` under the job's key and its own address key, as the product writes them. No row is written
 * by hand. Then, in this order, each timed from its request until its receipt says `done`:
 *   1. an address erasure (POST /v1/erasures, one address of the job: a data subject's request);
 *   2. the job's erasure (POST /v1/jobs/{id}/erase, "delete now");
 *   3. the account's closure (POST /dashboard/v1/account/close, the owner, every key of the account).
 * Each receipt's own times split the wait: keys destroyed, stores cleaned (`ErasureCompleted`), then `done`,
 * which also waits out the key cache's time to live (the other processes' copies of the keys).
 *
 * The baselines, measured in the same run: the job's own run (upload to Completed), and reading the job's
 * events back (`jobs-<id>`: raw through the SQLite event store adapter, and opened through the app's sealing
 * store), which is what rewriting the log would cost at the least, before writing anything back.
 * Checks: the job's events hold no address in the clear (raw) and do when opened before the erasure, and none
 * after it; the events the job wrote are byte-identical (sha256) after all three erasures: the log only grew
 * by the erasures' own events.
 */
import { createHash } from 'node:crypto';
import { existsSync, openAsBlob, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { EventStore, SqliteEventStore } from '@lib/eventstore';
import { jobStream } from '@lib/jobs';
import { signedInUser } from '../test/e2e/dashboard/dashboard-users';
import { ADMIN_TOKEN, type TestApp } from '../test/support/test-app';
import { JOB_DOMAINS } from './job-peers';
import { startJobBench } from './job-bench-app';

const MB = 1024 * 1024;
const ROWS = Number(process.env.BENCH_ERASE_ROWS ?? 500_000);
/** Events read per page when reading the job back, so a 500,000-row job is never held whole. */
const PAGE = 100;
/** An address of the job, in the clear: what a sealed event must not show. */
const CLEAR_ADDRESS = /user\.\d+@domain\d+\.example/;

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface LogState {
  files: number;
  events: number;
  payloadBytes: number;
  jobEvents: number;
  jobBytes: number;
  jobSha256: string;
}

/** The log as stored: file bytes, events, and a digest of the job's first `jobEvents` events, read raw. */
function logState(dataDir: string, jobId: number, jobEvents?: number): LogState {
  const file = join(dataDir, 'events.sqlite');
  const files = [file, `${file}-wal`].filter(existsSync).reduce((sum, f) => sum + statSync(f).size, 0);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const all = db.prepare('SELECT count(*) AS n, sum(length(data) + length(metadata)) AS b FROM events').get() as any;
    const rows = db.prepare(
      'SELECT position, type, data, metadata FROM events WHERE stream_id = ? ORDER BY revision LIMIT ?',
    );
    const hash = createHash('sha256');
    let count = 0;
    let bytes = 0;
    for (const row of rows.iterate(jobStream(jobId), jobEvents ?? -1) as Iterable<any>) {
      hash.update(`${row.position}\0${row.type}\0${row.data}\0${row.metadata}\0`);
      count++;
      bytes += row.data.length + row.metadata.length;
    }
    return {
      files,
      events: all.n,
      payloadBytes: all.b,
      jobEvents: count,
      jobBytes: bytes,
      jobSha256: hash.digest('hex'),
    };
  } finally {
    db.close();
  }
}

/** Reads the job's stream page by page; the time it took and whether any event showed an address in the clear. */
async function readJob(store: EventStore, jobId: number): Promise<{ ms: number; events: number; clear: boolean }> {
  const started = performance.now();
  let events = 0;
  let clear = false;
  for (;;) {
    const page = await store.readStream(jobStream(jobId), { fromRevision: events, maxCount: PAGE });
    events += page.length;
    clear ||= page.some((e) => CLEAR_ADDRESS.test(JSON.stringify(e.data)));
    if (page.length < PAGE) break;
  }
  return { ms: performance.now() - started, events, clear };
}

interface Timed {
  name: string;
  receipt: any;
  /** From the request to: keys destroyed, stores cleaned, `done` seen by the client. */
  keysMs: number;
  cleanedMs: number;
  doneMs: number;
  log: LogState;
}

/** Sends the erasure, then polls its receipt until `done`; the receipt's own times split the wait. */
async function timedErasure(
  app: TestApp,
  name: string,
  jobId: number,
  jobEvents: number,
  ask: () => Promise<{ status: number; body: any }>,
  read: (erasureId: string) => Promise<{ body: any }>,
): Promise<Timed> {
  const started = Date.now();
  const asked = await ask();
  if (asked.status !== 202) throw new Error(`${name}: ${asked.status} ${JSON.stringify(asked.body)}`);
  const erasureId: string = asked.body.data.erasureId ?? asked.body.data.erasure.erasureId;
  for (;;) {
    const receipt = (await read(erasureId)).body.data;
    if (receipt?.status === 'done') {
      const doneMs = Date.now() - started;
      const at = (iso: string) => Date.parse(iso) - started;
      return {
        name,
        receipt,
        keysMs: at(receipt.keysDestroyedAt),
        cleanedMs: at(receipt.completedAt),
        doneMs,
        log: logState(app.dataDir, jobId, jobEvents),
      };
    }
    if (Date.now() - started > 30 * 60_000) throw new Error(`${name}: not done after 30 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function uploadAndRun(app: TestApp, apiKey: string, file: string): Promise<{ job: any; ms: number }> {
  const form = new FormData();
  form.append('file', await openAsBlob(file), 'bench.csv');
  const started = Date.now();
  const created = await fetch(`${app.url}/v1/jobs`, { method: 'POST', headers: { 'x-api-key': apiKey }, body: form });
  const body = (await created.json()) as any;
  if (created.status !== 201) throw new Error(`upload refused: ${created.status} ${JSON.stringify(body)}`);
  let job = body.data;
  let shown = Date.now();
  while (job.status !== 'Completed') {
    if (job.status === 'Failed' || job.status === 'Cancelled') throw new Error(`job ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    job = (await app.request('GET', `/v1/jobs/${job.id}`, { key: apiKey })).body.data;
    if (Date.now() - shown > 30_000) {
      shown = Date.now();
      console.log(`  ... ${job.progress?.processedRows ?? '?'} rows processed after ${seconds(shown - started)}`);
    }
  }
  return { job, ms: Date.now() - started };
}

async function main(): Promise<void> {
  const bench = await startJobBench('erase-bench', ROWS, {
    SEAL_PERSONAL_DATA: 'true',
    ...(process.env.DATA_KEY_CACHE_SECONDS ? { DATA_KEY_CACHE_SECONDS: process.env.DATA_KEY_CACHE_SECONDS } : {}),
  });
  const { file, size, app } = bench;
  try {
    console.log(
      `bench:erase ${new Date().toISOString()} — ${ROWS.toLocaleString('en')} rows (${(size / MB).toFixed(1)} MB, ` +
        `one distinct address a row over ${JOB_DOMAINS} domains), all-in-one app on the embedded adapters, ` +
        `sealing on, key cache ${app.config.personalData.keyCacheTtlMs / 1000} s; load ${load()}`,
    );
    const owner = await signedInUser(app);
    const team = (await owner.browser.request('GET', '/dashboard/v1/team')).body.data;
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const credited = await app.request('POST', `/admin/v1/accounts/${team.accountId}/adjustments`, {
      headers: admin,
      body: { amount: ROWS + 1000, reason: 'bench:erase' },
    });
    if (credited.status !== 201) throw new Error(`credits: ${credited.status} ${credited.text}`);
    const key = await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'bench' } });
    const apiKey: string = key.body.data.apiKey;

    const { job, ms: writeMs } = await uploadAndRun(app, apiKey, file);
    const before = logState(app.dataDir, job.id);
    const raw = new SqliteEventStore(join(app.dataDir, 'events.sqlite'));
    const rawRead = await readJob(raw, job.id);
    await raw.close();
    const sealing = app.running.app.get(EventStore);
    const openedRead = await readJob(sealing, job.id);
    if (rawRead.clear) throw new Error('the raw log shows an address in the clear: sealing is off?');
    if (!openedRead.clear) throw new Error('the opened job shows no address: the check below could not fail');
    console.log(
      `job ${job.id}: ${job.status}, ${job.counts.uniqueAddresses.toLocaleString('en')} unique addresses, ` +
        `upload to Completed ${seconds(writeMs)} (${Math.round(ROWS / (writeMs / 1000))} rows/s); ` +
        `its stream ${before.jobEvents} events, ${(before.jobBytes / MB).toFixed(1)} MB; ` +
        `whole log ${before.events} events, ${(before.files / MB).toFixed(1)} MB on disk; load ${load()}`,
    );
    console.log(
      `baseline, reading the job's ${before.jobEvents} events back (a rewrite would at least do this): ` +
        `raw ${seconds(rawRead.ms)}, opened through the sealing store ${seconds(openedRead.ms)}`,
    );

    const address = 'user.7@domain7.example';
    const erasures: Timed[] = [];
    erasures.push(
      await timedErasure(
        app,
        'one address (subject)',
        job.id,
        before.jobEvents,
        () => app.request('POST', '/v1/erasures', { key: apiKey, body: { address } }),
        (id) => app.request('GET', `/v1/erasures/${id}`, { key: apiKey }),
      ),
    );
    erasures.push(
      await timedErasure(
        app,
        'the job (delete now)',
        job.id,
        before.jobEvents,
        () => app.request('POST', `/v1/jobs/${job.id}/erase`, { key: apiKey }),
        (id) => app.request('GET', `/v1/erasures/${id}`, { key: apiKey }),
      ),
    );
    const afterJob = await readJob(sealing, job.id);
    if (afterJob.clear) throw new Error('the job still opens with an address in the clear after its erasure');
    erasures.push(
      await timedErasure(
        app,
        'account closure',
        job.id,
        before.jobEvents,
        () => owner.browser.request('POST', '/dashboard/v1/account/close', { body: { teamName: team.name } }),
        (id) => app.request('GET', `/admin/v1/accounts/${team.accountId}/erasures/${id}`, { headers: admin }),
      ),
    );

    const pad = (v: string | number, w: number) => String(v).padStart(w);
    console.log(
      `${'erasure'.padEnd(22)} ${pad('keys', 8)} ${pad('keys gone', 10)} ${pad('cleaned', 9)} ${pad('done', 8)} ` +
        `${pad('log MB', 8)} ${pad('+events', 8)}  removed (from the request; done includes the key cache's TTL)`,
    );
    let previous = before;
    for (const e of erasures) {
      console.log(
        `${e.name.padEnd(22)} ${pad(e.receipt.keysDestroyed.toLocaleString('en'), 8)} ${pad(seconds(e.keysMs), 10)} ` +
          `${pad(seconds(e.cleanedMs), 9)} ${pad(seconds(e.doneMs), 8)} ${pad((e.log.files / MB).toFixed(1), 8)} ` +
          `${pad(`+${e.log.events - previous.events}`, 8)}  ${JSON.stringify(e.receipt.removed)}`,
      );
      previous = e.log;
    }
    const last = erasures[erasures.length - 1].log;
    const same = last.jobSha256 === before.jobSha256 && last.jobEvents === before.jobEvents;
    console.log(
      `the job's ${before.jobEvents} events after all three: ${same ? 'byte-identical' : 'CHANGED'} (sha256 ` +
        `${before.jobSha256.slice(0, 12)}); log ${before.events} -> ${last.events} events, ` +
        `${before.payloadBytes.toLocaleString('en')} -> ${last.payloadBytes.toLocaleString('en')} payload bytes; ` +
        `opened after the job's erasure: no address (read ${seconds(afterJob.ms)}); load ${load()}`,
    );
    if (!same) throw new Error('the erasures rewrote the job events');
  } finally {
    await bench.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
