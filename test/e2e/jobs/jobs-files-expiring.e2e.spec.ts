import { DAY_MS, eventually, FakeClock, present } from '@lib/common/testing';
import { createHmac } from 'node:crypto';
import { EventStore } from '@lib/eventstore';
import { filesExpiryNoticeStream, JobRetentionSweeper } from '@lib/jobs/testing';
import { HttpsReceiver } from '../../support/peers/https-receiver';
import { startTestApp, TestApp } from '../../support/test-app';
import { JobsPeers, startJobsPeers, uploadJob } from './jobs-world';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

// Issue 39: the account is told 7 days and 1 day before a job's files go, by webhook and in the job's record.
describe("notices before a job's files go", () => {
  const clock = FakeClock.running();
  let peers: JobsPeers;
  let receiver: HttpsReceiver;
  let app: TestApp;

  beforeAll(async () => {
    peers = await startJobsPeers();
    receiver = await HttpsReceiver.start();
    app = await startTestApp(
      {
        ...peers.env,
        JOB_FILE_RETENTION_DAYS: '10',
        WEBHOOK_CA_FILE: receiver.caFile,
        WEBHOOK_TIMEOUT_MS: '3000',
        WEBHOOK_RETRY_DELAYS_MS: '200,400',
      },
      { clock },
    );
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await peers?.close();
  });

  it('sends job.files_expiring once 7 days before and once 1 day before, signed, then the files go', async () => {
    const { apiKey } = await app.createAccount(100);
    const hook = (
      await app.request('POST', '/v1/webhooks', {
        key: apiKey,
        body: { url: receiver.url('/expiring'), events: ['job.files_expiring'] },
      })
    ).body.data;
    const created = await uploadJob(app, apiKey, 'email\r\nalice@alpha.test\r\n');
    const job = await eventually(
      async () => {
        const view = (await app.request('GET', `/v1/jobs/${created.body.data.id}`, { key: apiKey })).body.data;
        return present(view.status === 'Completed' && view, 'the job to complete');
      },
      { timeoutMs: 20_000, intervalMs: 100 },
    );
    const deleteOn = new Date(Date.parse(job.finishedAt) + 10 * DAY_MS).toISOString();
    const sweeper = app.running.app.get(JobRetentionSweeper);
    const notices = async () =>
      (await app.running.app.get(EventStore).readStream(filesExpiryNoticeStream(job.id))).map((e) => e.data.daysLeft);

    clock.advance(2 * DAY_MS);
    await sweeper.sweepOnce();
    expect(await notices()).toEqual([]);

    clock.advance(DAY_MS + 60_000);
    await sweeper.sweepOnce();
    await sweeper.sweepOnce();
    expect(await notices()).toEqual([7]);
    const [first] = await receiver.waitFor('/expiring', 1);
    expect(first.headers['x-svc-signature']).toBe(hmac(hook.secret, first.body));
    expect(first.headers['x-svc-event']).toBe('job.files_expiring');
    expect(JSON.parse(first.body)).toEqual({
      id: expect.any(String),
      type: 'job.files_expiring',
      livemode: true,
      createdAt: expect.any(String),
      data: { jobId: job.id, kind: 'verification', daysLeft: 7, filesDeleteOn: deleteOn },
    });

    clock.advance(6 * DAY_MS);
    await sweeper.sweepOnce();
    expect(await notices()).toEqual([7, 1]);
    const received = await receiver.waitFor('/expiring', 2);
    expect(JSON.parse(received[1].body).data).toEqual({
      jobId: job.id,
      kind: 'verification',
      daysLeft: 1,
      filesDeleteOn: deleteOn,
    });

    clock.advance(DAY_MS);
    expect(await sweeper.sweepOnce()).toBe(1);
    expect(await notices()).toEqual([7, 1]);
    // A deliberate pause: room for a duplicate delivery, if a notice were sent twice.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.received('/expiring')).toHaveLength(2);
  }, 60_000);
});
