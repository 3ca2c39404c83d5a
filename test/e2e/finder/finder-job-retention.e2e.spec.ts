import { DAY_MS, eventually, FakeClock, present } from '@lib/common/testing';
import { BlobStore } from '@lib/blobstore';
import { EventStore } from '@lib/eventstore';
import { FINDER_JOB_RESULTS_COLLECTION } from '@lib/finder/testing';
import { jobStream } from '@lib/jobs';
import { JobRetentionSweeper } from '@lib/jobs/testing';
import { ReadStore } from '@lib/readstore';
import { startTestApp, TestApp } from '../../support/test-app';
import { JobsPeers, ledgerOf, startJobsPeers } from '../jobs/jobs-world';

// alice@alpha.test exists on the loopback peer (found, 10 credits); nobody at gamma.test does (free).
const CONTACTS = 'first_name,domain\nAlice,alpha.test\nNobody,gamma.test\n';

describe('finder job file retention', () => {
  let peers: JobsPeers;
  const clock = FakeClock.running();
  let app: TestApp;
  let key: string;
  let accountId: string;
  let old: any;
  let recent: any;
  let ledgerBefore: unknown;

  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([CONTACTS], { type: 'text/csv' }), 'contacts.csv');
    const response = await fetch(`${app.url}/v1/finder/jobs`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: form,
    });
    const created = (await response.json()) as any;
    return eventually(
      async () => {
        const job = (await app.request('GET', `/v1/finder/jobs/${created.data.id}`, { key })).body.data;
        return present(job.status === 'Completed' && job, 'the finder job to complete');
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
  };
  const view = async (id: number) => (await app.request('GET', `/v1/finder/jobs/${id}`, { key })).body.data;
  const purgeEvents = async (id: number) =>
    (await app.running.app.get(EventStore).readStream(jobStream(id))).filter((e) => e.type === 'JobFilesPurged');
  const blobOf = (id: number) => app.running.app.get(BlobStore).stat(`jobs/${id}/original`);

  beforeAll(async () => {
    peers = await startJobsPeers();
    app = await startTestApp({ ...peers.env, JOB_FILE_RETENTION_DAYS: '1' }, { clock });
    ({ apiKey: key, accountId } = await app.createAccount(100));
    old = await upload();
    expect(old).toMatchObject({
      results: { found: 1, notFound: 1, invalid: 0 },
      creditsCharged: 10,
      filesPurgedAt: null,
    });
    clock.advance(2 * DAY_MS);
    recent = await upload();
    ledgerBefore = await ledgerOf(app, accountId);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await peers?.close();
  });

  it('deletes the original and plan of a finder job that ended more than the retention ago, once', async () => {
    await app.running.app.get(JobRetentionSweeper).sweepOnce();
    expect(await blobOf(old.id)).toBeNull();
    expect(await app.running.app.get(BlobStore).stat(`jobs/${old.id}/finder-plan.jsonl`)).toBeNull();
    const events = await purgeEvents(old.id);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({
      jobId: old.id,
      accountId,
      kind: 'finder',
      status: 'Completed',
      finishedAt: old.finishedAt,
      reason: 'retention',
      retentionDays: 1,
    });
    expect(await app.running.app.get(JobRetentionSweeper).sweepOnce()).toBe(0);
    expect(await purgeEvents(old.id)).toHaveLength(1);
  });

  it('keeps the job with its counts and charge, shows filesPurgedAt, and deletes its row results', async () => {
    const [event] = await purgeEvents(old.id);
    const after = await eventually(
      async () => {
        const job = await view(old.id);
        return present(job.filesPurgedAt && job, 'the purge in the read model');
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    // The file name went with the job's key (it may name a person).
    expect(after).toEqual({ ...old, fileName: '', filesPurgedAt: event.data.purgedAt });
    expect(
      await app.running.app.get(ReadStore).collection(FINDER_JOB_RESULTS_COLLECTION).count({ jobId: old.id }),
    ).toBe(0);
    expect(await ledgerOf(app, accountId)).toEqual(ledgerBefore);
  });

  it('answers the download with 410, code 3012, and still streams the final state', async () => {
    const res = await app.request('GET', `/v1/finder/jobs/${old.id}/download`, { key });
    expect(res.status).toBe(410);
    expect(res.body.error).toEqual({
      code: 3012,
      message: expect.stringMatching(/deleted on .* under the data-retention policy/),
    });
    const stream = await app.request('GET', `/v1/finder/jobs/${old.id}/stream`, { key });
    expect(stream.text).toMatch(/event: done\ndata: \{.*"status":"Completed".*"filesPurgedAt":"/);
  });

  it('keeps a finder job that ended within the retention', async () => {
    expect(await blobOf(recent.id)).not.toBeNull();
    expect(await purgeEvents(recent.id)).toEqual([]);
    const res = await app.request('GET', `/v1/finder/jobs/${recent.id}/download`, { key });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Alice,alpha.test,alice@alpha.test,Found');
  });
});
