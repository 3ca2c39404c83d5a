import { eventually, present } from '@lib/common/testing';
import { EventStore } from '@lib/eventstore';
import { WorkerCrash } from '../../support/harness/worker-crash';
import { DOMAINS, followStream, ledgerOf, startJobsPeers } from './jobs-world';

describe('a worker killed in the middle of a chunk', () => {
  let crash: WorkerCrash | undefined;
  afterAll(() => crash?.close());

  it('loses nothing and charges each chunk once after the restarted worker gets it again', async () => {
    const csv = 'email\nalice@alpha.test\nbob@alpha.test\nanyone@beta.test\nnobody@gamma.test\n';
    crash = await WorkerCrash.start(await startJobsPeers(), DOMAINS, {
      name: 'jobs-crash',
      credits: 20,
      upload: { path: '/v1/jobs', csv, fileName: 'crash.csv' },
    });
    const {
      accountId,
      apiKey,
      created: { id: jobId },
    } = crash;

    // The slow peer's banner takes 5 s, so a chunk probing it is caught in flight, after its hold and before its results.
    await eventually(async () => present(crash!.slowSmtp.stats.sessions > 0, 'a chunk to start probing'), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    const ledgerAtCrash = await crash.kill();
    const ended = new Set(ledgerAtCrash.filter((e) => e.type !== 'CreditsHeld').map((e) => e.data.holdId));
    const openHolds = ledgerAtCrash.filter((e) => e.type === 'CreditsHeld' && !ended.has(e.data.holdId));
    expect(openHolds.length).toBeGreaterThan(0);

    const app = await crash.restart();
    const { events } = await followStream(app, apiKey, jobId, 40_000);
    expect(events[events.length - 1]).toMatchObject({
      event: 'done',
      data: { status: 'Completed', creditsCharged: 4, progress: { processedRows: 4 } },
    });
    expect(await ledgerOf(app, accountId)).toMatchObject({ balance: 16, held: 0 });

    const store = app.running.app.get(EventStore);
    const used = (await store.readStream(`credits-${accountId}`))
      .filter((e) => e.type === 'CreditsUsed')
      .map((e) => e.data.holdId);
    expect(new Set(used).size).toBe(used.length);
    const chunks = (await store.readStream(`jobs-${jobId}`))
      .filter((e) => e.type === 'ChunkCompleted')
      .map((e) => e.data.chunkNo);
    expect(new Set(chunks).size).toBe(chunks.length);
  }, 180_000);
});
