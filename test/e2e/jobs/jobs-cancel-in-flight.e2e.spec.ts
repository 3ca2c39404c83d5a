import { JobsWorld, ledgerOf, parseCsv, slowAddresses, startSlowWorld, uploadJob, waitFor } from './jobs-world';

const ADDRESSES = slowAddresses(60);

describe('cancelling a bulk job while a chunk is being probed', () => {
  let world: JobsWorld;

  // Every RCPT is answered after 100 ms, so a 20-address chunk is in flight for about 2 s.
  beforeAll(async () => { world = await startSlowWorld(100, { JOB_CHUNK_SIZE: '20' }); }, 30_000);
  afterAll(() => world?.close());

  it('stops probing, releases the chunk hold and keeps the rows verified before the cancel', async () => {
    const { app, smtp } = world;
    const { apiKey: key, accountId } = await app.createAccount(100);
    const jobId = (await uploadJob(app, key, `email\n${ADDRESSES.join('\n')}\n`)).body.data.id;
    const jobOf = async () => (await app.request('GET', `/v1/jobs/${jobId}`, { key })).body.data;
    // Chunks share the domain's bus key, so they run one after another: wait for the first recorded and the second probing.
    await waitFor(async () => (await jobOf()).progress.processedRows >= 20 && smtp.stats.rcpts.length >= 23, 30_000, 'the second chunk to be probing');
    expect((await ledgerOf(app, accountId)).held).toBe(20);

    const cancelled = await app.request('DELETE', `/v1/jobs/${jobId}`, { key });
    expect(cancelled.body.data.status).toBe('Cancelled');
    const released = await waitFor(async () => (await ledgerOf(app, accountId)).held === 0 && Date.now(), 10_000, 'the hold to be released');

    // Checked on the peer: nothing was probed once the hold was released, and the chunk was cut short.
    const rcptsAtRelease = smtp.stats.rcpts.length;
    expect(smtp.stats.rcpts.filter((r) => r.at > released)).toEqual([]);
    expect(rcptsAtRelease).toBeLessThan(40);
    await waitFor(async () => smtp.stats.sessions > 0 && (await jobOf()).status === 'Cancelled', 5_000, 'the job view');
    expect(smtp.stats.rcpts.length).toBe(rcptsAtRelease);
    expect(await ledgerOf(app, accountId)).toMatchObject({ balance: 80, held: 0 });

    const download = await fetch(`${app.url}/v1/jobs/${jobId}/download`, { headers: { 'x-api-key': key } });
    const rows = await parseCsv(await download.text());
    expect(rows.slice(1).map((r) => r[0])).toEqual(ADDRESSES.slice(0, 20));
    expect(rows.slice(1).every((r) => r[1] === 'invalid')).toBe(true);
  }, 60_000);
});
