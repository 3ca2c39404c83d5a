import Database from 'better-sqlite3';
import { join } from 'node:path';
import { eventually, present } from '@lib/common/testing';
import { ReadStore } from '@lib/readstore';
import { USAGE_FACTS_COLLECTION, type UsageFactDoc } from '@lib/usage/testing';
import { JobsWorld, startJobsWorld, uploadJob } from '../jobs/jobs-world';

// Issue 39: the analytics topics (events.*) carry no address after a single check, a batch and a list job,
// while their consumers (job dispatch, usage) still work; the chunk topics carry the rows sealed under the
// job's and the addresses' keys, so the bus holds no address in the clear at all.
describe('the bus after a single check, a batch and a list job', () => {
  let world: JobsWorld;
  const single = 'alice@alpha.test';
  const batch = ['bob@alpha.test', 'carol@alpha.test'];
  const listed = ['alice@alpha.test', 'bob@alpha.test', 'dave@alpha.test'];

  beforeAll(async () => {
    world = await startJobsWorld();
  }, 60_000);
  afterAll(() => world?.close());

  it('holds no address on the analytics topics, and the usage they feed is counted', async () => {
    const { app } = world;
    const { apiKey: key, accountId } = await app.createAccount(100);
    expect((await app.request('POST', '/v1/verify/single', { key, body: { email: single } })).status).toBe(200);
    expect((await app.request('POST', '/v1/verify/batch', { key, body: { emails: batch } })).status).toBe(200);
    const created = await uploadJob(app, key, ['email', ...listed].join('\r\n') + '\r\n');
    // The job runs only if its dispatcher read JobCreated from events.jobs: what it needs was published.
    await eventually(
      async () => {
        const job = (await app.request('GET', `/v1/jobs/${created.body.data.id}`, { key })).body.data;
        return present(job.status === 'Completed', 'the job to complete');
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    // Usage analytics counts from events.verifications and events.jobs: 1 + 2 + 3 calls.
    const facts = app.running.app.get(ReadStore).collection<UsageFactDoc>(USAGE_FACTS_COLLECTION);
    await eventually(
      async () => {
        const calls = (await facts.find({ filter: { accountId } })).reduce((sum, fact) => sum + fact.calls, 0);
        return present(calls === 6, `usage of 6 calls (${calls})`);
      },
      { timeoutMs: 20_000, intervalMs: 200 },
    );

    const bus = new Database(join(app.dataDir, 'bus.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const rows = bus.prepare('SELECT topic, value FROM messages').all() as Array<{ topic: string; value: string }>;
      const analytics = rows.filter((row) => row.topic.startsWith('events.'));
      const topics = new Set(analytics.map((row) => row.topic));
      for (const topic of ['events.verifications', 'events.jobs']) expect(topics).toContain(topic);
      for (const address of [single, ...batch, ...listed]) {
        expect(analytics.filter((row) => row.value.toLowerCase().includes(address)).map((row) => row.topic)).toEqual(
          [],
        );
      }
      // The chunks of the job carry its rows sealed (one part per address), their ids in the clear: the same
      // scan finds what a message keeps in the clear, and no address on any topic.
      const chunks = rows.filter((row) => row.topic === 'jobs.chunks' && row.value.includes(accountId));
      const sealedParts = chunks.reduce((sum, row) => sum + JSON.parse(row.value)._sealed.length, 0);
      expect(sealedParts).toBe(listed.length);
      for (const address of [single, ...batch, ...listed])
        expect(rows.filter((row) => row.value.toLowerCase().includes(address)).map((row) => row.topic)).toEqual([]);
    } finally {
      bus.close();
    }
  }, 60_000);
});
