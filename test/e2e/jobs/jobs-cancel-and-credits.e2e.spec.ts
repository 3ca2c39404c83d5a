import { eventually, present } from '@lib/common/testing';
import { EventStore } from '@lib/eventstore';
import { JobsWorld, ledgerOf, parseCsv, startJobsWorld, uploadJob } from './jobs-world';

const jobOf = async (world: JobsWorld, key: string, id: number) =>
  (await world.app.request('GET', `/v1/jobs/${id}`, { key })).body.data;

describe('bulk jobs that stop before completing', () => {
  let world: JobsWorld;

  // A retry delay long enough to observe a job Processing while stuck@sticky.test waits out greylisting.
  beforeAll(async () => {
    world = await startJobsWorld({ JOB_GREYLIST_RETRY_DELAYS_MS: '4000' });
  }, 30_000);
  afterAll(() => world?.close());

  describe('while a greylisted address waits for its retry', () => {
    let key: string;
    let accountId: string;
    let jobId: number;

    beforeAll(async () => {
      ({ apiKey: key, accountId } = await world.app.createAccount(50));
      const created = await uploadJob(
        world.app,
        key,
        'name,email\r\nAlice,alice@alpha.test\r\nStuck,stuck@sticky.test\r\n',
      );
      jobId = created.body.data.id;
      await eventually(async () => present((await jobOf(world, key, jobId)).results.ok === 1, 'the first address'), {
        timeoutMs: 15_000,
        intervalMs: 100,
      });
    }, 30_000);

    it('downloads the rows verified so far, marked X-Partial-Result', async () => {
      const response = await fetch(`${world.app.url}/v1/jobs/${jobId}/download`, { headers: { 'x-api-key': key } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-partial-result')).toBe('true');
      const rows = await parseCsv(await response.text());
      expect(rows.map((r) => r.slice(0, 3))).toEqual([
        ['name', 'email', 'result'],
        ['Alice', 'alice@alpha.test', 'ok'],
      ]);
      expect((await jobOf(world, key, jobId)).status).toBe('Processing');
    });

    it('cancels, never charges the rows left, and releases every hold', async () => {
      const response = await world.app.request('DELETE', `/v1/jobs/${jobId}`, { key });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ id: jobId, status: 'Cancelled', creditsCharged: 1 });
      // the retry falls due after the cancel: it must be skipped, not probed or charged (a deliberate
      // pause past its due time: nothing may come)
      const rcptsBefore = world.smtp.stats.rcpts.filter((r) => r.address === 'stuck@sticky.test').length;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(world.smtp.stats.rcpts.filter((r) => r.address === 'stuck@sticky.test').length).toBe(rcptsBefore);
      expect(await ledgerOf(world.app, accountId)).toMatchObject({ balance: 49, held: 0 });
      expect((await world.app.request('DELETE', `/v1/jobs/${jobId}`, { key })).body.error.code).toBe(3002);
    }, 20_000);
  });

  describe('when the account runs out of credits', () => {
    it('fails with a JobFailed event, charges no more than the balance and keeps the verified rows downloadable', async () => {
      const { apiKey: key, accountId } = await world.app.createAccount(3);
      const emails = [
        'alice@alpha.test',
        'bob@alpha.test',
        'x@gamma.test',
        'y@gamma.test',
        'p@beta.test',
        'q@beta.test',
      ];
      const created = await uploadJob(world.app, key, `email\n${emails.join('\n')}\n`);
      expect(created.body.data.quote).toBe(6);
      const jobId = created.body.data.id;
      const failed = await eventually(
        async () => {
          const job = await jobOf(world, key, jobId);
          return present(job.status === 'Failed' && job, 'the job to fail');
        },
        { timeoutMs: 25_000, intervalMs: 100 },
      );
      expect(failed.failureReason).toBe('insufficient_credits');
      expect(failed.creditsCharged).toBeLessThanOrEqual(3);
      const ledger = await eventually(
        async () => {
          const view = await ledgerOf(world.app, accountId);
          return present(view.held === 0 && view, 'holds to be released');
        },
        { timeoutMs: 10_000, intervalMs: 100 },
      );
      expect(ledger.balance).toBe(3 - failed.creditsCharged);
      const events = await world.app.running.app.get(EventStore).readStream(`jobs-${jobId}`);
      const jobFailed = events.filter((e) => e.type === 'JobFailed');
      expect(jobFailed).toHaveLength(1);
      expect(jobFailed[0].data).toMatchObject({
        jobId,
        accountId,
        kind: 'verification',
        reason: 'insufficient_credits',
        summary: {
          status: 'Failed',
          totalRows: 6,
          creditsCharged: failed.creditsCharged,
          downloadPath: `/v1/jobs/${jobId}/download`,
        },
      });
      const download = await fetch(`${world.app.url}/v1/jobs/${jobId}/download`, { headers: { 'x-api-key': key } });
      expect(download.headers.get('x-partial-result')).toBe('true');
      const rows = (await parseCsv(await download.text())).slice(1);
      expect(rows).toHaveLength(failed.progress.processedRows);
      expect(rows.length).toBeLessThan(6);
    }, 40_000);
  });
});
