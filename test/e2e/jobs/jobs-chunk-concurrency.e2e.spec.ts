import { eventually, present } from '@lib/common/testing';
import Database from 'better-sqlite3';
import * as path from 'node:path';
import { VERIFICATION_CHUNK_TOPIC } from '@lib/verification-jobs/testing';
import { JobsWorld, slowAddresses, startSlowWorld, uploadJob } from './jobs-world';

const PARTITIONS = 6; // the configured partition count of every other topic (KAFKA_PARTITIONS' default)

// One address per chunk, every RCPT answered after 400 ms, and the MX allowing 40 sessions from the start:
// the sessions open at once at the peer are the chunks the worker runs at once.
describe('bulk job chunks in flight', () => {
  let world: JobsWorld;
  beforeAll(async () => {
    world = await startSlowWorld(400, {
      JOB_CHUNK_SIZE: '1',
      KAFKA_PARTITIONS: String(PARTITIONS),
      SMTP_PER_MX_CONCURRENCY: '40',
      SMTP_PER_MX_CONCURRENCY_FLOOR: '40',
    });
  }, 30_000);
  afterAll(() => world?.close());

  it('runs more chunks at once than the configured partition count, from a chunk topic with more partitions', async () => {
    const { apiKey } = await world.app.createAccount(100);
    const created = await uploadJob(world.app, apiKey, `email\n${slowAddresses(40).join('\n')}\n`);
    expect(created.status).toBe(201);
    const job = await eventually(
      async () => {
        const view = (await world.app.request('GET', `/v1/jobs/${created.body.data.id}`, { key: apiKey })).body.data;
        return present(view.status === 'Completed' && view, 'the job to complete');
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    expect(job.results).toMatchObject({ invalid: 40, unknown: 0 });

    const bus = new Database(path.join(world.app.dataDir, 'bus.sqlite'), { readonly: true });
    const topic = bus.prepare('SELECT partitions FROM topics WHERE name = ?').get(VERIFICATION_CHUNK_TOPIC) as {
      partitions: number;
    };
    const used = bus
      .prepare('SELECT COUNT(DISTINCT partition) AS n FROM messages WHERE topic = ?')
      .get(VERIFICATION_CHUNK_TOPIC) as { n: number };
    bus.close();
    expect(topic.partitions).toBeGreaterThan(PARTITIONS);
    expect(used.n).toBeGreaterThan(PARTITIONS);
    // With a chunk topic of 6 partitions, at most 6 chunks (6 sessions) were ever in flight.
    expect(world.smtp.stats.maxConcurrent).toBeGreaterThan(PARTITIONS);
  }, 90_000);
});
