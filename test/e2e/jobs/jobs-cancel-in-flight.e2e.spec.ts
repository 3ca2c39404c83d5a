import { eventually, present } from '@lib/common/testing';
import { JobsWorld, ledgerOf, parseCsv, slowAddresses, startSlowWorld, uploadJob } from './jobs-world';

// 10 chunks of 20 at one domain: they run side by side (one per partition), more than the partitions.
const ADDRESSES = slowAddresses(200);

describe('cancelling a bulk job while a chunk is being probed', () => {
  let world: JobsWorld;

  // Every RCPT is answered after 100 ms, so a 20-address chunk is in flight for about 2 s.
  beforeAll(async () => {
    world = await startSlowWorld(100, { JOB_CHUNK_SIZE: '20' });
  }, 30_000);
  afterAll(() => world?.close());

  it('stops probing, releases the chunk hold and keeps the rows verified before the cancel', async () => {
    const { app, smtp } = world;
    const { apiKey: key, accountId } = await app.createAccount(1_000);
    const jobId = (await uploadJob(app, key, `email\n${ADDRESSES.join('\n')}\n`)).body.data.id;
    const jobOf = async () => (await app.request('GET', `/v1/jobs/${jobId}`, { key })).body.data;
    // A large domain's chunks run side by side: wait for one recorded while others are still probing.
    await eventually(
      async () =>
        present(
          (await jobOf()).results.invalid >= 20 && (await ledgerOf(app, accountId)).held > 0,
          'a chunk recorded and others probing',
        ),
      { timeoutMs: 30_000, intervalMs: 100 },
    );

    const cancelled = await app.request('DELETE', `/v1/jobs/${jobId}`, { key });
    const cancelledAt = Date.now();
    expect(cancelled.body.data.status).toBe('Cancelled');
    const released = await eventually(
      async () => present((await ledgerOf(app, accountId)).held === 0 && Date.now(), 'the hold to be released'),
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    // The cancel reaches the chunks in flight within a second (JOB_END_POLL_MS plus an answer in flight), and their holds end then;
    // the ledger read here is the read model, which follows the ledger by a batch of the projection runner.
    expect(released - cancelledAt).toBeLessThanOrEqual(2_000);

    // Checked on the peer: nothing was probed a second after the cancel, nor once the hold was released, and the chunks were cut short.
    const rcptsAtRelease = smtp.stats.rcpts.length;
    expect(smtp.stats.rcpts.filter((r) => r.at > cancelledAt + 1_000)).toEqual([]);
    expect(smtp.stats.rcpts.filter((r) => r.at > released)).toEqual([]);
    expect(rcptsAtRelease).toBeLessThan(ADDRESSES.length);
    await eventually(
      async () => present(smtp.stats.sessions > 0 && (await jobOf()).status === 'Cancelled', 'the job view'),
      { timeoutMs: 5_000, intervalMs: 100 },
    );
    expect(smtp.stats.rcpts.length).toBe(rcptsAtRelease);

    // Only whole recorded chunks are kept and paid for: one credit per kept row, every one verified.
    const download = await fetch(`${app.url}/v1/jobs/${jobId}/download`, { headers: { 'x-api-key': key } });
    const kept = (await parseCsv(await download.text())).slice(1);
    expect(kept.length).toBeGreaterThanOrEqual(20);
    expect(kept.length % 20).toBe(0);
    expect(kept.length).toBeLessThan(ADDRESSES.length);
    expect(kept.every((r) => ADDRESSES.includes(r[0]) && r[1] === 'invalid')).toBe(true);
    expect(await ledgerOf(app, accountId)).toMatchObject({ balance: 1_000 - kept.length, held: 0 });
  }, 60_000);
});
