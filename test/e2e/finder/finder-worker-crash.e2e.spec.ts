import { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EventStore, SqliteEventStore } from '@lib/eventstore';
import { reject, SmtpPeer, startSmtpPeer } from '../../peers/smtp-peer';
import { killApp, runAdmin, spawnApp } from '../../support/app-process';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';
import { ledgerOf, waitFor } from '../jobs/jobs-world';
import { COMPANIES, FinderPeers, startFinderPeers } from './finder-peers';

const CSV = 'first_name,last_name,domain\nJane,Doe,firstlast.test\nBob,Stone,firstlast.test\njane,DOE,firstlast.test\nJosé,Müller,umlaut.test\nNobody,Here,flast.test\n';

describe('a worker killed in the middle of a finder job', () => {
  let peers: FinderPeers;
  let slowSmtp: SmtpPeer;
  let child: ChildProcess | undefined;
  let app: TestApp | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-crash-'));

  afterAll(async () => {
    if (child) await killApp(child);
    await app?.close();
    await Promise.all([peers?.close(), slowSmtp?.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('charges each person exactly once after the restarted worker gets the chunk again, and the ledger replays clean', async () => {
    peers = await startFinderPeers();
    // Its banner takes 5 s, so the chunk is caught in flight: held, not yet recorded.
    const domains = Object.fromEntries(Object.entries(COMPANIES).map(([d, s]) => [d, { default: reject(), ...s }]));
    slowSmtp = await startSmtpPeer({ domains, hosts: { '127.0.0.1': { bannerDelayMs: 5_000 } } });
    const spawned = await spawnApp({ ...peers.env, DATA_DIR: dataDir, SMTP_PROBE_PORT: String(slowSmtp.port), SMTP_BANNER_TIMEOUT_MS: '20000' });
    child = spawned.child;
    const opened = await fetch(`${spawned.url}/admin/v1/accounts`, {
      method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Crash', credits: 100 }),
    });
    const { accountId, apiKey } = ((await opened.json()) as any).data;
    const form = new FormData();
    form.append('file', new Blob([CSV]), 'people.csv');
    const created = ((await (await fetch(`${spawned.url}/v1/finder/jobs`, { method: 'POST', headers: { 'x-api-key': apiKey }, body: form })).json()) as any).data;
    expect(created).toMatchObject({ counts: { rows: 5, contacts: 4, duplicates: 1 }, quote: 40 });

    await waitFor(async () => slowSmtp.stats.sessions > 0, 30_000, 'the chunk to start probing');
    await killApp(child);
    child = undefined;
    const crashed = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
    const atCrash = await crashed.readStream(`credits-${accountId}`);
    await crashed.close();
    expect(atCrash.filter((e) => e.type === 'CreditsHeld').map((e) => e.data.amount)).toEqual([40]);
    expect(atCrash.some((e) => e.type === 'CreditsUsed')).toBe(false);

    app = await startTestApp({ ...peers.env, DATA_DIR: dataDir }, { dataDir });
    const job = await waitFor(async () => {
      const view = (await app!.request('GET', `/v1/finder/jobs/${created.id}`, { key: apiKey })).body.data;
      return view.status === 'Completed' && (await ledgerOf(app!, accountId)).held === 0 && view;
    }, 40_000, 'the job to complete after the restart');
    // Jane Doe (twice), Bob Stone and José Müller are found: three people, 30 credits, whatever the crash.
    expect(job).toMatchObject({ creditsCharged: 30, results: { found: 4, notFound: 1 } });
    expect(await ledgerOf(app, accountId)).toMatchObject({ balance: 70, held: 0 });
    const ledger = await app.running.app.get(EventStore).readStream(`credits-${accountId}`);
    expect(ledger.filter((e) => e.type === 'CreditsUsed').map((e) => e.data.amount)).toEqual([30]);
    const recorded = (await app.running.app.get(EventStore).readStream(`jobs-${created.id}`)).filter((e) => e.type === 'FinderChunkCompleted');
    expect(recorded).toHaveLength(1);
    const download = await app.request('GET', `/v1/finder/jobs/${created.id}/download`, { key: apiKey });
    expect(download.text.trimEnd().split(/\r?\n/).slice(1).map((line: string) => line.split(',')[3])).toEqual([
      'jane.doe@firstlast.test', 'bob.stone@firstlast.test', 'jane.doe@firstlast.test', 'jmueller@umlaut.test', '',
    ]);

    await waitFor(async () => (await app!.request('GET', '/v1/credits/balance', { key: apiKey })).body.data.balance === 70, 40_000, 'the balance read model');
    await app.close();
    app = undefined;
    const replay = await runAdmin(dataDir, 'ledger-replay', '--account', accountId, '--wait-seconds', '0');
    expect(replay.json).toMatchObject({ accountId, balance: 70, ok: true, mismatches: [] });
    expect(replay.code).toBe(0);
  }, 180_000);
});
