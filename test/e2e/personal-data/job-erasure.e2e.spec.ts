import { BlobStore } from '@lib/blobstore';
import { EventStore } from '@lib/eventstore';
import { jobStream } from '@lib/jobs';
import { completedJob, erasureDone } from '../../support/erasure-progress';
import { scanForPersonalData, storeOf, storesHolding } from '../../support/personal-data-scan';
import { startTestApp, TestApp } from '../../support/test-app';
import { JobsPeers, startJobsPeers, uploadJob } from '../jobs/jobs-world';

const ADDRESS = 'Zelda.Quist@beta.test';
const OTHER = 'keep.me@beta.test';
const listOf = (address: string) => `name,email\r\nZelda,${address}\r\nNobody,x@gamma.test\r\n`;

/**
 * Issue 39, "one job's data now": the job's key destroyed, its files and results deleted the way retention
 * deletes them, its bus messages forgotten; its record, counts and charges stay; a receipt says what went.
 */
describe('erasing one job now', () => {
  let peers: JobsPeers;
  let app: TestApp;
  let key: string;
  let job: any;
  let kept: any;
  let before: string[];
  beforeAll(async () => {
    peers = await startJobsPeers();
    app = await startTestApp({ ...peers.env, DATA_KEY_CACHE_SECONDS: '1' });
    ({ apiKey: key } = await app.createAccount(100));
    job = await completedJob(app, key, listOf(ADDRESS));
    kept = await completedJob(app, key, listOf(OTHER));
    before = storesHolding(app.dataDir, ADDRESS);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await peers?.close();
  });

  it('finds the address before the erasure, so the scan can fail', () => {
    // The event store holds it sealed (job rows are sealed under the job's and the address's keys).
    expect(before).toEqual(expect.arrayContaining(['blobs', 'read store']));
    // Chunk messages carry their rows sealed under the job's and the address's keys: never in the clear.
    expect(before).not.toContain('bus');
  });

  describe('after POST /v1/jobs/{id}/erase', () => {
    let asked: any;
    let done: any;
    beforeAll(async () => {
      asked = await app.request('POST', `/v1/jobs/${job.id}/erase`, { key });
      done = await erasureDone(app, { key, erasureId: asked.body.data.erasureId });
    }, 30_000);

    it('answers 202 with a receipt that is not done yet', () => {
      expect(asked.status).toBe(202);
      expect(asked.body.data).toMatchObject({
        erasureId: `job-${job.id}`,
        target: { kind: 'job', jobId: job.id, jobKind: 'verification' },
        status: 'erasing',
      });
    });

    it('gives a receipt naming the job, the key that asked, the key destroyed and when, and no address', () => {
      expect(done).toMatchObject({
        requestedBy: { keyId: expect.any(String) },
        scopes: [expect.stringMatching(new RegExp(`:job:${job.id}$`))],
        removed: { jobsPurged: 1 },
        keysDestroyedAt: expect.any(String),
        completedAt: expect.any(String),
      });
      expect(Date.parse(done.inForceAt) - Date.parse(done.keysDestroyedAt)).toBe(1000);
      expect(JSON.stringify(done).toLowerCase()).not.toContain(ADDRESS.toLowerCase());
    });

    it('keeps the record, counts and charges, and answers 410 to a download, saying it was erased', async () => {
      const after = (await app.request('GET', `/v1/jobs/${job.id}`, { key })).body.data;
      expect(after).toMatchObject({ status: 'Completed', counts: job.counts, creditsCharged: job.creditsCharged });
      const download = await app.request('GET', `/v1/jobs/${job.id}/download`, { key });
      expect(download.status).toBe(410);
      expect(download.body.error).toMatchObject({ code: 3012, message: expect.stringMatching(/erased.*request/) });
      expect(await app.running.app.get(BlobStore).stat(`jobs/${job.id}/original`)).toBeNull();
    });

    it('answers the same erasure when asked again, and records JobFilesPurged once', async () => {
      const again = await app.request('POST', `/v1/jobs/${job.id}/erase`, { key });
      expect(again.status).toBe(202);
      expect(again.body.data).toMatchObject({ erasureId: done.erasureId, status: 'done' });
      const purges = (await app.running.app.get(EventStore).readStream(jobStream(job.id))).filter(
        (e) => e.type === 'JobFilesPurged',
      );
      expect(purges.map((e) => e.data)).toEqual([
        expect.objectContaining({ reason: 'request', erasureId: done.erasureId }),
      ]);
    });

    it("leaves the account's other job downloadable", async () => {
      expect((await app.request('GET', `/v1/jobs/${kept.id}/download`, { key })).status).toBe(200);
    });

    it('leaves the address in no blob, no bus message and no read-model document', () => {
      const hits = scanForPersonalData(app.dataDir, [ADDRESS]).filter((hit) => storeOf(hit.file) !== 'event store');
      expect(hits).toEqual([]);
    });

    it('leaves the address nowhere in the event store, nor anywhere else under DATA_DIR', () => {
      expect(storesHolding(app.dataDir, ADDRESS)).toEqual([]);
    });
  });

  it('refuses to erase a job that is still running, with 409 and code 4006', async () => {
    const other = await app.createAccount(10);
    const waiting = await uploadJob(app, other.apiKey, 'email\nstuck@sticky.test\n');
    const res = await app.request('POST', `/v1/jobs/${waiting.body.data.id}/erase`, { key: other.apiKey });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe(4006);
  });

  it("answers 404 for another account's job and for an unknown erasure", async () => {
    const other = await app.createAccount(10);
    expect((await app.request('POST', `/v1/jobs/${job.id}/erase`, { key: other.apiKey })).status).toBe(404);
    const unknown = await app.request('GET', '/v1/erasures/job-1', { key: other.apiKey });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 4007]);
  });
});
