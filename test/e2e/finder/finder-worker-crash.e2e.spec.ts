import { eventually, present } from '@lib/common/testing';
import { EventStore } from '@lib/eventstore';
import { runAdmin } from '../../support/app-process';
import { WorkerCrash } from '../../support/harness/worker-crash';
import { ledgerOf } from '../jobs/jobs-world';
import { COMPANY_DOMAINS, startFinderPeers } from './finder-world';

const CSV =
  'first_name,last_name,domain\nJane,Doe,firstlast.test\nBob,Stone,firstlast.test\njane,DOE,firstlast.test\nJosé,Müller,umlaut.test\nNobody,Here,flast.test\n';

describe('a worker killed in the middle of a finder job', () => {
  let crash: WorkerCrash | undefined;
  afterAll(() => crash?.close());

  it('charges each person exactly once after the restarted worker gets the chunk again, and the ledger replays clean', async () => {
    const upload = { path: '/v1/finder/jobs', csv: CSV, fileName: 'people.csv' };
    const { accountId, apiKey, created } = (crash = await WorkerCrash.start(await startFinderPeers(), COMPANY_DOMAINS, {
      name: 'finder-crash',
      credits: 100,
      upload,
    }));
    expect(created).toMatchObject({ counts: { rows: 5, contacts: 4, duplicates: 1 }, quote: 40 });

    // The slow peer's banner takes 5 s, so the chunk is caught in flight: held, not yet recorded.
    await eventually(async () => present(crash!.slowSmtp.stats.sessions > 0, 'the chunk to start probing'), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    const atCrash = await crash.kill();
    expect(atCrash.filter((e) => e.type === 'CreditsHeld').map((e) => e.data.amount)).toEqual([40]);
    expect(atCrash.some((e) => e.type === 'CreditsUsed')).toBe(false);

    const app = await crash.restart();
    const job = await eventually(
      async () => {
        const view = (await app.request('GET', `/v1/finder/jobs/${created.id}`, { key: apiKey })).body.data;
        return present(
          view.status === 'Completed' && (await ledgerOf(app, accountId)).held === 0 && view,
          'the job to complete after the restart',
        );
      },
      { timeoutMs: 40_000, intervalMs: 100 },
    );
    // Jane Doe (twice), Bob Stone and José Müller are found: three people, 30 credits, whatever the crash.
    expect(job).toMatchObject({ creditsCharged: 30, results: { found: 4, notFound: 1 } });
    expect(await ledgerOf(app, accountId)).toMatchObject({ balance: 70, held: 0 });
    const ledger = await app.running.app.get(EventStore).readStream(`credits-${accountId}`);
    expect(ledger.filter((e) => e.type === 'CreditsUsed').map((e) => e.data.amount)).toEqual([30]);
    const recorded = (await app.running.app.get(EventStore).readStream(`jobs-${created.id}`)).filter(
      (e) => e.type === 'FinderChunkCompleted',
    );
    expect(recorded).toHaveLength(1);
    const download = await app.request('GET', `/v1/finder/jobs/${created.id}/download`, { key: apiKey });
    expect(
      download.text
        .trimEnd()
        .split(/\r?\n/)
        .slice(1)
        .map((line: string) => line.split(',')[3]),
    ).toEqual([
      'jane.doe@firstlast.test',
      'bob.stone@firstlast.test',
      'jane.doe@firstlast.test',
      'jmueller@umlaut.test',
      '',
    ]);

    await eventually(
      async () =>
        present(
          (await app.request('GET', '/v1/credits/balance', { key: apiKey })).body.data.balance === 70,
          'the balance read model',
        ),
      { timeoutMs: 40_000, intervalMs: 100 },
    );
    await crash.stopApp();
    const replay = await runAdmin(crash.dataDir, 'ledger-replay', '--account', accountId, '--wait-seconds', '0');
    expect(replay.json).toMatchObject({ accountId, balance: 70, ok: true, mismatches: [] });
    expect(replay.code).toBe(0);
  }, 180_000);
});
