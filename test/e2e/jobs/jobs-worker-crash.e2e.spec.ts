import { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EventStore, SqliteEventStore } from '@lib/eventstore';
import { SmtpPeer, startSmtpPeer } from '../../peers/smtp-peer';
import { spawnApp } from '../../support/app-process';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';
import { DOMAINS, followStream, JobsPeers, ledgerOf, startJobsPeers, waitFor } from './jobs-world';

async function postJson(url: string, body: unknown, headers: Record<string, string>): Promise<any> {
  const response = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return response.json();
}

describe('a worker killed in the middle of a chunk', () => {
  let peers: JobsPeers;
  let slowSmtp: SmtpPeer;
  let child: ChildProcess | undefined;
  let app: TestApp | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-crash-'));

  afterAll(async () => {
    child?.kill('SIGKILL');
    await app?.close();
    await Promise.all([peers?.smtp.close(), peers?.dns.close(), slowSmtp?.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses nothing and charges each chunk once after the restarted worker gets it again', async () => {
    peers = await startJobsPeers();
    // Its banner takes 5 s, so a chunk probing it is caught in flight, after its hold and before its results.
    slowSmtp = await startSmtpPeer({ domains: DOMAINS, hosts: { '127.0.0.1': { bannerDelayMs: 5_000 } } });
    const spawned = await spawnApp({ ...peers.env, DATA_DIR: dataDir, SMTP_PROBE_PORT: String(slowSmtp.port), SMTP_BANNER_TIMEOUT_MS: '20000' });
    child = spawned.child;
    const { accountId, apiKey } = (await postJson(`${spawned.url}/admin/v1/accounts`, { name: 'Crash', credits: 20 }, { authorization: `Bearer ${ADMIN_TOKEN}` })).data;
    const form = new FormData();
    form.append('file', new Blob(['email\nalice@alpha.test\nbob@alpha.test\nanyone@beta.test\nnobody@gamma.test\n']), 'crash.csv');
    const jobId = ((await (await fetch(`${spawned.url}/v1/jobs`, { method: 'POST', headers: { 'x-api-key': apiKey }, body: form })).json()) as any).data.id;

    await waitFor(async () => slowSmtp.stats.sessions > 0, 30_000, 'a chunk to start probing');
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    const crashed = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
    const ledgerAtCrash = await crashed.readStream(`credits-${accountId}`);
    await crashed.close();
    const ended = new Set(ledgerAtCrash.filter((e) => e.type !== 'CreditsHeld').map((e) => e.data.holdId));
    const openHolds = ledgerAtCrash.filter((e) => e.type === 'CreditsHeld' && !ended.has(e.data.holdId));
    expect(openHolds.length).toBeGreaterThan(0);

    app = await startTestApp({ ...peers.env, DATA_DIR: dataDir }, { dataDir });
    const { events } = await followStream(app, apiKey, jobId, 40_000);
    expect(events[events.length - 1]).toMatchObject({ event: 'done', data: { status: 'Completed', creditsCharged: 4, progress: { processedRows: 4 } } });
    expect(await ledgerOf(app, accountId)).toMatchObject({ balance: 16, held: 0 });

    const store = app.running.app.get(EventStore);
    const used = (await store.readStream(`credits-${accountId}`)).filter((e) => e.type === 'CreditsUsed').map((e) => e.data.holdId);
    expect(new Set(used).size).toBe(used.length);
    const chunks = (await store.readStream(`jobs-${jobId}`)).filter((e) => e.type === 'ChunkCompleted').map((e) => e.data.chunkNo);
    expect(new Set(chunks).size).toBe(chunks.length);
  }, 180_000);
});
