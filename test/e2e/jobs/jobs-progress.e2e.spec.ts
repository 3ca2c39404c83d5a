import { expectLiveProgress, followStream, JobsWorld, slowAddresses, startSlowWorld, uploadJob } from './jobs-world';

const ADDRESSES = slowAddresses(120);

describe('progress of a job whose one chunk takes several seconds', () => {
  let world: JobsWorld;

  // 120 addresses fit one 200-address chunk; each RCPT is answered after 100 ms.
  beforeAll(async () => {
    world = await startSlowWorld(100);
  }, 30_000);
  afterAll(() => world?.close());

  it('streams row counts from inside the chunk, with an ETA from the observed rate, before the done event', async () => {
    const { app } = world;
    const { apiKey: key } = await app.createAccount(200);
    const jobId = (await uploadJob(app, key, `email\n${ADDRESSES.join('\n')}\n`)).body.data.id;
    const { events } = await followStream(app, key, jobId, 60_000);

    expect(expectLiveProgress(events, 120)).toMatchObject({ etaSeconds: 0 });
  }, 90_000);
});
