import { eventually } from '@lib/common/testing';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EventStore } from '@lib/eventstore';
import { HttpsReceiver } from '../../support/peers/https-receiver';
import { startTestApp, TestApp } from '../../support/test-app';

describe('webhook deliveries across a worker restart', () => {
  let receiver: HttpsReceiver;
  let dataDir: string;
  let app: TestApp | undefined;

  beforeAll(async () => {
    receiver = await HttpsReceiver.start();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhooks-restart-'));
  });
  afterAll(async () => {
    await app?.close();
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a pending retry after the process that scheduled it has stopped', async () => {
    // The retry is due 4-6 s after the first attempt: the process is stopped well before that.
    const env = { WEBHOOK_CA_FILE: receiver.caFile, WEBHOOK_TIMEOUT_MS: '3000', WEBHOOK_RETRY_DELAYS_MS: '5000' };
    receiver.reply('/restart', 500);
    app = await startTestApp(env, { dataDir });
    const { accountId, apiKey } = await app.createAccount();
    const hook = (
      await app.request('POST', '/v1/webhooks', { key: apiKey, body: { url: receiver.url('/restart'), events: [1] } })
    ).body.data;
    await app.running.app.get(EventStore).appendToStream(
      'jobs-77',
      [
        {
          type: 'JobCompleted',
          data: {
            jobId: 77,
            accountId,
            kind: 'verification',
            finishedAt: new Date().toISOString(),
            summary: {
              status: 'Completed',
              totalRows: 1,
              processedRows: 1,
              counts: { ok: 1 },
              creditsCharged: 1,
              downloadPath: '/v1/jobs/77/download',
            },
          },
        },
      ],
      'any',
    );
    await receiver.waitFor('/restart', 1);
    await app.close();
    app = undefined;
    expect(receiver.received('/restart')).toHaveLength(1);

    app = await startTestApp(env, { dataDir });
    const [first, second] = await receiver.waitFor('/restart', 2, 30_000);
    expect(second.body).toBe(first.body);
    expect(second.headers['x-svc-attempt']).toBe('2');
    await eventually(
      async () =>
        expect(
          (await app!.request('GET', `/v1/webhooks/${hook.id}/deliveries`, { key: apiKey })).body.data.items[0],
        ).toMatchObject({ status: 'succeeded', attempts: [{ status: 500 }, { status: 200 }] }),
      { timeoutMs: 15_000, intervalMs: 100 },
    );
  }, 90_000);
});
