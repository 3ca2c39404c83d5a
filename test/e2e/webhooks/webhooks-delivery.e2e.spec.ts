import { eventually } from '@lib/common/testing';
import { createHmac } from 'node:crypto';
import { EventStore } from '@lib/eventstore';
import { HttpsReceiver, ReceivedRequest } from '../../support/peers/https-receiver';
import { startTestApp, TestApp } from '../../support/test-app';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
const summary = {
  status: 'Completed',
  totalRows: 3,
  processedRows: 3,
  counts: { ok: 2, invalid: 1 },
  creditsCharged: 3,
  downloadPath: '/v1/jobs/1/download',
};
let nextJobId = 1_000;
const TIMEOUT_MS = 3_000;

/** Finishes a job the way the jobs module does (docs/contracts.md), so the relay publishes it on events.jobs. */
async function finishJob(app: TestApp, accountId: string, type: 'JobCompleted' | 'JobFailed'): Promise<number> {
  const jobId = nextJobId++;
  const data =
    type === 'JobCompleted'
      ? { jobId, accountId, kind: 'verification', summary, finishedAt: new Date().toISOString() }
      : {
          jobId,
          accountId,
          kind: 'finder',
          reason: 'upstream outage',
          summary: { ...summary, status: 'Failed' },
          finishedAt: new Date().toISOString(),
        };
  await app.running.app.get(EventStore).appendToStream(`jobs-${jobId}`, [{ type, data }], 'any');
  return jobId;
}

/** Deliveries go through the relay, the bus and the dispatcher's retry schedule: polled for longer than the 5 s default. */
const DELIVERY_PATIENCE = { timeoutMs: 15_000, intervalMs: 100 };

function verifySignatures(request: ReceivedRequest, secret: string): void {
  expect(request.headers['x-svc-signature']).toBe(hmac(secret, request.body));
  const timestamp = String(request.headers['x-svc-timestamp']);
  expect(request.headers['x-svc-timestamp-signature']).toBe(hmac(secret, `${timestamp}.${request.body}`));
  expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(60);
}

describe('webhook deliveries of finished jobs', () => {
  let app: TestApp;
  let receiver: HttpsReceiver;

  const register = async (key: string, path: string, events: unknown[], isActive = true) =>
    (await app.request('POST', '/v1/webhooks', { key, body: { url: receiver.url(path), events, isActive } })).body.data;
  const history = async (key: string, id: number) =>
    (await app.request('GET', `/v1/webhooks/${id}/deliveries`, { key })).body.data;

  beforeAll(async () => {
    receiver = await HttpsReceiver.start();
    // A generous timeout: these machines are shared, and a slow test run must not look like a slow receiver.
    app = await startTestApp({
      WEBHOOK_CA_FILE: receiver.caFile,
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      WEBHOOK_RETRY_DELAYS_MS: '200,400',
    });
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('posts a signed job.completed event to each active subscribed webhook and skips the others', async () => {
    const { accountId, apiKey } = await app.createAccount();
    const stranger = await app.createAccount();
    const hook = await register(apiKey, '/completed', [1]);
    await register(apiKey, '/inactive', [1, 2], false);
    await register(apiKey, '/failed-only', ['job.failed']);
    await register(stranger.apiKey, '/stranger', [1]);
    const jobId = await finishJob(app, accountId, 'JobCompleted');

    const [request] = await receiver.waitFor('/completed', 1);
    verifySignatures(request, hook.secret);
    const payload = JSON.parse(request.body);
    expect(payload).toEqual({
      id: expect.any(String),
      type: 'job.completed',
      livemode: true,
      createdAt: expect.any(String),
      data: { jobId, kind: 'verification', finishedAt: expect.any(String), summary },
    });
    expect(request.headers['x-svc-event']).toBe('job.completed');
    await eventually(
      async () =>
        expect(await history(apiKey, hook.id)).toMatchObject({
          total: 1,
          items: [{ eventId: payload.id, status: 'succeeded', attempts: [{ attempt: 1, status: 200 }] }],
        }),
      DELIVERY_PATIENCE,
    );
    for (const path of ['/inactive', '/failed-only', '/stranger']) expect(receiver.received(path)).toHaveLength(0);
  });

  it('delivers job.failed with the reason to webhooks subscribed to it', async () => {
    const { accountId, apiKey } = await app.createAccount();
    const hook = await register(apiKey, '/job-failed', [2]);
    const jobId = await finishJob(app, accountId, 'JobFailed');
    const [request] = await receiver.waitFor('/job-failed', 1);
    verifySignatures(request, hook.secret);
    expect(JSON.parse(request.body)).toMatchObject({
      type: 'job.failed',
      data: { jobId, kind: 'finder', reason: 'upstream outage' },
    });
  });

  it('retries after 500s with the same event and delivery id, and succeeds once the receiver recovers', async () => {
    receiver.reply('/flaky', 500, 503);
    const { accountId, apiKey } = await app.createAccount();
    const hook = await register(apiKey, '/flaky', [1]);
    await finishJob(app, accountId, 'JobCompleted');

    const requests = await receiver.waitFor('/flaky', 3);
    expect(new Set(requests.map((r) => JSON.parse(r.body).id)).size).toBe(1);
    expect(new Set(requests.map((r) => r.headers['x-svc-delivery-id'])).size).toBe(1);
    expect(requests.map((r) => r.headers['x-svc-attempt'])).toEqual(['1', '2', '3']);
    requests.forEach((r) => verifySignatures(r, hook.secret));
    // Back-off: the pauses follow 200 and 400 ms, each spread by at most 20% jitter.
    expect(requests[1].receivedAt - requests[0].receivedAt).toBeGreaterThanOrEqual(150);
    expect(requests[2].receivedAt - requests[1].receivedAt).toBeGreaterThanOrEqual(300);
    await eventually(
      async () =>
        expect((await history(apiKey, hook.id)).items[0]).toMatchObject({
          status: 'succeeded',
          attempts: [{ status: 500 }, { status: 503 }, { status: 200 }],
        }),
      DELIVERY_PATIENCE,
    );
  });

  it('retries after a receiver that does not answer within the timeout', async () => {
    receiver.reply('/slow', 'hang');
    const { accountId, apiKey } = await app.createAccount();
    const hook = await register(apiKey, '/slow', [1]);
    await finishJob(app, accountId, 'JobCompleted');

    await receiver.waitFor('/slow', 2);
    const item = await eventually(async () => {
      const [delivery] = (await history(apiKey, hook.id)).items;
      expect(delivery.status).toBe('succeeded');
      return delivery;
    }, DELIVERY_PATIENCE);
    expect(item.attempts[0]).toMatchObject({ attempt: 1, status: null, error: expect.stringMatching(/timeout/) });
    expect(item.attempts[0].durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(item.attempts[1]).toMatchObject({ attempt: 2, status: 200 });
  });

  it('marks the delivery failed after the last scheduled attempt', async () => {
    receiver.setDefault('/down', 500);
    const { accountId, apiKey } = await app.createAccount();
    const hook = await register(apiKey, '/down', [1]);
    await finishJob(app, accountId, 'JobCompleted');

    await receiver.waitFor('/down', 3);
    const delivery = await eventually(async () => {
      const [item] = (await history(apiKey, hook.id)).items;
      expect(item.status).toBe('failed');
      return item;
    }, DELIVERY_PATIENCE);
    expect(delivery.attempts).toHaveLength(3);
    expect(delivery.failureReason).toMatch(/gave up after 3 attempts/);
    await new Promise((resolve) => setTimeout(resolve, 800)); // a deliberate pause: room for a 4th attempt, if one came
    expect(receiver.received('/down')).toHaveLength(3);
  });

  it('keeps delivering to other webhooks while one receiver hangs', async () => {
    receiver.setDefault('/stuck', 'hang');
    const stuck = await app.createAccount();
    const healthy = await app.createAccount();
    await register(stuck.apiKey, '/stuck', [1]);
    await register(healthy.apiKey, '/healthy', [1]);
    await finishJob(app, stuck.accountId, 'JobCompleted');
    const [hanging] = await receiver.waitFor('/stuck', 1);
    await finishJob(app, healthy.accountId, 'JobCompleted');
    const [delivered] = await receiver.waitFor('/healthy', 1);
    // Delivered while the first attempt to the stuck receiver was still waiting for its answer.
    expect(delivered.receivedAt - hanging.receivedAt).toBeLessThan(TIMEOUT_MS);
  });
});
