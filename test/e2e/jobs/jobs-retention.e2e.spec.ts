import { DAY_MS, eventually, FakeClock, present } from '@lib/common/testing';
import { BlobStore } from '@lib/blobstore';
import { EventStore, runCommand } from '@lib/eventstore';
import { jobStream } from '@lib/jobs';
import { JobRetentionSweeper } from '@lib/jobs/testing';
import {
  VERIFICATION_JOB_RESULTS_COLLECTION,
  verificationJobDecider,
  verificationJobsProjection,
} from '@lib/verification-jobs/testing';
import { ProjectionRunner, ReadStore } from '@lib/readstore';
import { DataKeyStore, jobScope } from '@lib/personal-data';
import { startTestApp, TestApp } from '../../support/test-app';
import { signedInUser } from '../dashboard/dashboard-users';
import { followStream, JobsPeers, ledgerOf, startJobsPeers, uploadJob } from './jobs-world';

const LIST = 'name,email\r\nAlice,alice@alpha.test\r\nNobody,x@gamma.test\r\n';

async function completedJob(app: TestApp, key: string, csv = LIST) {
  const created = await uploadJob(app, key, csv, { allowDuplicate: 'true' }); // the same list again, knowingly
  expect(created.status).toBe(201);
  return eventually(
    async () => {
      const job = (await app.request('GET', `/v1/jobs/${created.body.data.id}`, { key })).body.data;
      return present(job.status === 'Completed' && job, 'the job to complete');
    },
    { timeoutMs: 20_000, intervalMs: 100 },
  );
}

const purgeEvents = async (app: TestApp, jobId: number) =>
  (await app.running.app.get(EventStore).readStream(jobStream(jobId))).filter((e) => e.type === 'JobFilesPurged');
const resultRows = (app: TestApp, jobId: number) =>
  app.running.app.get(ReadStore).collection(VERIFICATION_JOB_RESULTS_COLLECTION).count({ jobId });
const download = (app: TestApp, key: string, jobId: number) =>
  app.request('GET', `/v1/jobs/${jobId}/download`, { key });

/**
 * Days pass on a running FakeClock (real time plus an offset). The greylisting retry delay is 20 days, so
 * the job waiting on stuck@sticky.test stays Processing whatever the clock says while the test runs.
 */
describe('bulk job file retention', () => {
  let peers: JobsPeers;
  beforeAll(async () => {
    peers = await startJobsPeers({ JOB_GREYLIST_RETRY_DELAYS_MS: String(20 * DAY_MS) });
  });
  afterAll(async () => {
    await peers?.close();
  });

  describe('with JOB_FILE_RETENTION_DAYS=1, two days later', () => {
    const clock = FakeClock.running();
    let app: TestApp;
    let key: string;
    let accountId: string;
    let old: any;
    let crashed: any;
    let recent: any;
    let running: { id: number; key: string };
    let ledgerBefore: unknown;
    let sweeper: JobRetentionSweeper;
    let blobs: BlobStore;

    beforeAll(async () => {
      app = await startTestApp({ ...peers.env, JOB_FILE_RETENTION_DAYS: '1' }, { clock });
      sweeper = app.running.app.get(JobRetentionSweeper);
      blobs = app.running.app.get(BlobStore);
      ({ apiKey: key, accountId } = await app.createAccount(100));
      old = await completedJob(app, key);
      crashed = await completedJob(app, key);
      const other = await app.createAccount(10);
      const waiting = await uploadJob(app, other.apiKey, 'email\nstuck@sticky.test\n');
      running = { id: waiting.body.data.id, key: other.apiKey };
      await eventually(
        async () =>
          present(
            (await app.running.app.get(EventStore).readStream(jobStream(running.id))).some(
              (e) => e.type === 'ChunkRetryScheduled',
            ),
            'the greylisted retry',
          ),
        { timeoutMs: 20_000, intervalMs: 100 },
      );

      clock.advance(2 * DAY_MS);
      recent = await completedJob(app, key);
      // What a purge that died after deleting the blobs and before its event leaves behind.
      await blobs.delete(`jobs/${crashed.id}/original`);
      await blobs.delete(`jobs/${crashed.id}/plan.jsonl`);
      expect(await resultRows(app, old.id)).toBe(2);
      ledgerBefore = await ledgerOf(app, accountId);
    }, 60_000);
    afterAll(() => app?.close());

    it('answers 410 for a job whose original is already gone though its purge was not recorded yet', async () => {
      const res = await download(app, key, crashed.id);
      expect(res.status).toBe(410);
      expect(res.body).toMatchObject({
        status: 'error',
        data: null,
        error: { code: 3012, message: expect.stringMatching(/no longer stored.*data-retention policy/) },
      });
    });

    it('deletes the files of the jobs that ended more than a day ago, with one JobFilesPurged each', async () => {
      await sweeper.sweepOnce();
      expect(await blobs.stat(`jobs/${old.id}/original`)).toBeNull();
      expect(await blobs.stat(`jobs/${old.id}/plan.jsonl`)).toBeNull();
      for (const job of [old, crashed]) {
        const events = await purgeEvents(app, job.id);
        expect(events).toHaveLength(1);
        expect(events[0].data).toEqual({
          jobId: job.id,
          accountId,
          kind: 'verification',
          status: 'Completed',
          finishedAt: job.finishedAt,
          reason: 'retention',
          retentionDays: 1,
          purgedAt: expect.any(String),
        });
        expect(Date.parse(events[0].data.purgedAt) - Date.parse(job.finishedAt)).toBeGreaterThanOrEqual(DAY_MS);
      }
    });

    it('keeps the job record, counts and charges, and shows when the files were purged', async () => {
      const [event] = await purgeEvents(app, old.id);
      const after = await eventually(
        async () => {
          const job = (await app.request('GET', `/v1/jobs/${old.id}`, { key })).body.data;
          return present(job.filesPurgedAt && job, 'the purge in the read model');
        },
        { timeoutMs: 10_000, intervalMs: 100 },
      );
      // The file name went with the job's key (it may name a person).
      expect(after).toEqual({ ...old, fileName: '', filesPurgedAt: event.data.purgedAt });
      const listed = (await app.request('GET', '/v1/jobs?pageSize=100', { key })).body.data.items.find(
        (j: { id: number }) => j.id === old.id,
      );
      expect(listed).toMatchObject({
        status: 'Completed',
        creditsCharged: old.creditsCharged,
        filesPurgedAt: event.data.purgedAt,
      });
      expect(await ledgerOf(app, accountId)).toEqual(ledgerBefore);
    });

    it('deletes its row results from the read store and answers its download with 410, code 3012, saying when and why', async () => {
      await eventually(
        async () =>
          present(
            (await app.request('GET', `/v1/jobs/${old.id}`, { key })).body.data.filesPurgedAt,
            'the purge in the read model',
          ),
        { timeoutMs: 10_000, intervalMs: 100 },
      );
      expect(await resultRows(app, old.id)).toBe(0);
      const [event] = await purgeEvents(app, old.id);
      const res = await download(app, key, old.id);
      expect(res.status).toBe(410);
      expect(res.body).toEqual({
        status: 'error',
        data: null,
        error: {
          code: 3012,
          message: expect.stringContaining(
            `deleted on ${event.data.purgedAt} under the data-retention policy: they are kept 1 day after a job ends`,
          ),
        },
      });
    });

    it('still streams the final state of a purged job', async () => {
      const { events } = await followStream(app, key, old.id);
      expect(events[events.length - 1]).toMatchObject({
        event: 'done',
        data: { id: old.id, status: 'Completed', filesPurgedAt: expect.any(String) },
      });
    });

    it('keeps a job that ended within the retention', async () => {
      expect(await blobs.stat(`jobs/${recent.id}/original`)).not.toBeNull();
      expect(await purgeEvents(app, recent.id)).toEqual([]);
      const res = await download(app, key, recent.id);
      expect(res.status).toBe(200);
      expect(res.text).toContain('alice@alpha.test,ok');
      expect((await app.request('GET', `/v1/jobs/${recent.id}`, { key })).body.data.filesPurgedAt).toBeNull();
    });

    it('never purges a running job, however long ago it started', async () => {
      const job = (await app.request('GET', `/v1/jobs/${running.id}`, { key: running.key })).body.data;
      expect(job).toMatchObject({ status: 'Processing', filesPurgedAt: null });
      expect(Date.parse(job.startedAt)).toBeLessThan(clock.now() - DAY_MS);
      expect(await blobs.stat(`jobs/${running.id}/original`)).not.toBeNull();
      expect(await purgeEvents(app, running.id)).toEqual([]);
    });

    it('purges nothing the second time', async () => {
      expect(await sweeper.sweepOnce()).toBe(0);
      const direct = await runCommand(
        app.running.app.get(EventStore),
        jobStream(old.id),
        verificationJobDecider,
        { type: 'PurgeJobFiles', reason: 'retention', retentionDays: 1, at: clock.nowIso() },
        { load: 'last' },
      );
      expect(direct.events).toEqual([]);
      expect(await purgeEvents(app, old.id)).toHaveLength(1);
      expect(await ledgerOf(app, accountId)).toEqual(ledgerBefore);
    });

    it('rebuilds the same job views and row results from the event store', async () => {
      const view = async (id: number) => (await app.request('GET', `/v1/jobs/${id}`, { key })).body.data;
      const before = {
        old: await view(old.id),
        recent: await view(recent.id),
        recentCsv: (await download(app, key, recent.id)).text,
      };
      await new ProjectionRunner(
        app.running.app.get(EventStore),
        app.running.app.get(ReadStore),
        [verificationJobsProjection],
        {
          name: 'retention-test',
        },
      ).rebuild();
      expect(await view(old.id)).toEqual(before.old);
      expect(await view(recent.id)).toEqual(before.recent);
      expect(await resultRows(app, old.id)).toBe(0);
      expect((await download(app, key, recent.id)).text).toBe(before.recentCsv);
      expect((await download(app, key, old.id)).status).toBe(410);
    });
  });

  describe('with JOB_FILE_RETENTION_DAYS=1 and a team that chose 3 days', () => {
    it("keeps the team's files past the default, then purges them and the job's key after its own retention", async () => {
      const clock = FakeClock.running();
      const app = await startTestApp({ ...peers.env, JOB_FILE_RETENTION_DAYS: '1' }, { clock });
      try {
        const owner = await signedInUser(app);
        const chosen = await owner.browser.request('PUT', '/dashboard/v1/retention', {
          body: { historyDays: 90, jobFilesDays: 3 },
        });
        expect(chosen.status).toBe(200);
        const apiKey = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'k' } })).body.data
          .apiKey;
        const job = await completedJob(app, apiKey);
        const keys = app.running.app.get(DataKeyStore);
        const scope = jobScope(owner.user.accountId, job.id);
        await keys.keysFor([scope]); // the key the job's sealed events are under
        const sweeper = app.running.app.get(JobRetentionSweeper);

        clock.advance(2 * DAY_MS);
        expect(await sweeper.sweepOnce()).toBe(0);
        expect(await app.running.app.get(BlobStore).stat(`jobs/${job.id}/original`)).not.toBeNull();
        expect((await keys.existing([scope])).size).toBe(1);

        clock.advance(2 * DAY_MS);
        expect(await sweeper.sweepOnce()).toBe(1);
        expect(await app.running.app.get(BlobStore).stat(`jobs/${job.id}/original`)).toBeNull();
        expect((await keys.existing([scope])).size).toBe(0);
        expect((await purgeEvents(app, job.id)).map((e) => e.data.retentionDays)).toEqual([3]);
      } finally {
        await app.close();
      }
    }, 60_000);
  });

  describe('with JOB_FILE_RETENTION_DAYS=0', () => {
    it('keeps every file however old the job', async () => {
      const clock = FakeClock.running();
      const app = await startTestApp({ ...peers.env, JOB_FILE_RETENTION_DAYS: '0' }, { clock });
      try {
        const { apiKey } = await app.createAccount(10);
        const job = await completedJob(app, apiKey);
        clock.advance(3650 * DAY_MS);
        expect(await app.running.app.get(JobRetentionSweeper).sweepOnce()).toBe(0);
        expect(await app.running.app.get(BlobStore).stat(`jobs/${job.id}/original`)).not.toBeNull();
        expect(await purgeEvents(app, job.id)).toEqual([]);
        expect((await download(app, apiKey, job.id)).status).toBe(200);
      } finally {
        await app.close();
      }
    }, 40_000);
  });
});
