import { createHmac } from 'node:crypto';
import { HttpsReceiver } from '../../support/peers/https-receiver';
import { startTestApp, TestApp } from '../../support/test-app';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

describe('webhooks API', () => {
  let app: TestApp;
  let receiver: HttpsReceiver;
  let owner: { apiKey: string };
  let other: { apiKey: string };

  const create = (body: unknown, key = owner.apiKey) => app.request('POST', '/v1/webhooks', { key, body });

  beforeAll(async () => {
    receiver = await HttpsReceiver.start();
    app = await startTestApp({
      WEBHOOK_CA_FILE: receiver.caFile,
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_RETRY_DELAYS_MS: '100',
    });
    owner = await app.createAccount(10);
    other = await app.createAccount(10);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  describe('registering', () => {
    it('answers 201 with numeric and named events and a signing secret', async () => {
      const res = await create({ url: receiver.url('/created'), events: [1, 'job.failed'] });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        url: receiver.url('/created'),
        events: [1, 2],
        eventNames: ['job.completed', 'job.failed'],
        isActive: true,
      });
      expect(Number.isSafeInteger(res.body.data.id)).toBe(true);
      expect(res.body.data.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    });

    it('lists the caller’s webhooks without their secrets, and not other accounts’ webhooks', async () => {
      const mine = await create({ url: receiver.url('/listed'), events: [2], isActive: false });
      const list = await app.request('GET', '/v1/webhooks', { key: owner.apiKey });
      expect(list.status).toBe(200);
      const listed = list.body.data.find((w: { id: number }) => w.id === mine.body.data.id);
      expect(listed).toMatchObject({ events: [2], isActive: false });
      expect(listed.secret).toBeUndefined();
      const theirs = await app.request('GET', '/v1/webhooks', { key: other.apiKey });
      expect(theirs.body.data.map((w: { id: number }) => w.id)).not.toContain(mine.body.data.id);
    });

    it.each([
      { name: 'an empty events list', body: { url: 'https://127.0.0.1/x', events: [] }, code: 4005 },
      { name: 'a missing events list', body: { url: 'https://127.0.0.1/x' }, code: 4005 },
      { name: 'an unknown event number', body: { url: 'https://127.0.0.1/x', events: [4] }, code: 4005 },
      { name: 'an unknown event name', body: { url: 'https://127.0.0.1/x', events: ['job.cancelled'] }, code: 4005 },
      { name: 'a plain-HTTP url', body: { url: 'http://127.0.0.1/x', events: [1] }, code: 4002 },
      { name: 'a url with credentials', body: { url: 'https://user:pass@127.0.0.1/x', events: [1] }, code: 4002 },
      { name: 'a relative url', body: { url: '/hooks', events: [1] }, code: 4002 },
      { name: 'an unresolvable host', body: { url: 'https://no-such-host.invalid/x', events: [1] }, code: 4003 },
      {
        name: 'a non-boolean isActive',
        body: { url: 'https://127.0.0.1/x', events: [1], isActive: 'yes' },
        code: 1006,
      },
    ])('refuses $name with 400 and code $code', async ({ body, code }) => {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 'error', data: null, error: { code } });
    });

    it('documents the numeric event values in the OpenAPI schema', async () => {
      const doc = (await app.request('GET', '/docs-json')).body;
      const events = doc.components.schemas.CreateWebhookDto.properties.events;
      expect(events.description).toContain('1 = job.completed, 2 = job.failed, 3 = job.files_expiring');
      expect(events.items.oneOf).toContainEqual(expect.objectContaining({ type: 'integer', enum: [1, 2, 3] }));
    });

    it('needs an API key', async () => {
      expect((await app.request('GET', '/v1/webhooks')).status).toBe(401);
    });
  });

  describe('changing a webhook', () => {
    let id: number;
    beforeEach(async () => {
      id = (await create({ url: receiver.url('/changed'), events: [1] })).body.data.id;
    });

    it('updates only the fields given, keeping null ones', async () => {
      const res = await app.request('PATCH', `/v1/webhooks/${id}`, {
        key: owner.apiKey,
        body: { events: ['job.failed'], url: null },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id, url: receiver.url('/changed'), events: [2], isActive: true });
    });

    it('refuses an update to a non-HTTPS url with 4002', async () => {
      const res = await app.request('PATCH', `/v1/webhooks/${id}`, {
        key: owner.apiKey,
        body: { url: 'http://127.0.0.1/x' },
      });
      expect(res.body.error.code).toBe(4002);
    });

    it('toggle flips the state without a body and applies isActive when given', async () => {
      const flipped = await app.request('POST', `/v1/webhooks/${id}/toggle`, { key: owner.apiKey });
      expect(flipped.body.data.isActive).toBe(false);
      const flippedBack = await app.request('POST', `/v1/webhooks/${id}/toggle`, { key: owner.apiKey, body: {} });
      expect(flippedBack.body.data.isActive).toBe(true);
      for (let i = 0; i < 2; i++) {
        const applied = await app.request('POST', `/v1/webhooks/${id}/toggle`, {
          key: owner.apiKey,
          body: { isActive: false },
        });
        expect(applied.body.data.isActive).toBe(false);
      }
    });

    it('rotates the secret and shows the new one once', async () => {
      const res = await app.request('POST', `/v1/webhooks/${id}/rotate-secret`, { key: owner.apiKey });
      expect(res.status).toBe(200);
      expect(res.body.data.secret).toMatch(/^whsec_/);
    });

    it('deletes it, after which it is 404 and no longer listed', async () => {
      expect((await app.request('DELETE', `/v1/webhooks/${id}`, { key: owner.apiKey })).body.data).toEqual({
        id,
        deleted: true,
      });
      expect(
        (await app.request('PATCH', `/v1/webhooks/${id}`, { key: owner.apiKey, body: { isActive: true } })).status,
      ).toBe(404);
      const list = await app.request('GET', '/v1/webhooks', { key: owner.apiKey });
      expect(list.body.data.map((w: { id: number }) => w.id)).not.toContain(id);
    });

    it.each([
      ['PATCH', '', { isActive: false }],
      ['POST', '/toggle', undefined],
      ['POST', '/test', undefined],
      ['POST', '/rotate-secret', undefined],
      ['GET', '/deliveries', undefined],
      ['DELETE', '', undefined],
    ])('answers %s %s on another account’s webhook with 404 code 4001', async (method, suffix, body) => {
      const res = await app.request(method, `/v1/webhooks/${id}${suffix}`, { key: other.apiKey, body });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 'error', error: { code: 4001 } });
    });

    it.each(['abc', '1.5', '-1', '99999999999999999999'])(
      'answers a non-integer id %s with 404 in the envelope',
      async (raw) => {
        const res = await app.request('DELETE', `/v1/webhooks/${raw}`, { key: owner.apiKey });
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ status: 'error', data: null, error: { code: 4001 } });
      },
    );
  });

  describe('test deliveries', () => {
    it('sends a signed test event and reports the receiver’s answer', async () => {
      const created = await create({ url: receiver.url('/test-ok'), events: [1] });
      const res = await app.request('POST', `/v1/webhooks/${created.body.data.id}/test`, { key: owner.apiKey });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ success: true, statusCode: 200, error: null });
      const [received] = receiver.received('/test-ok');
      expect(JSON.parse(received.body)).toMatchObject({
        id: res.body.data.eventId,
        type: 'webhook.test',
        livemode: true,
        data: { webhookId: created.body.data.id },
      });
      expect(received.headers['x-svc-signature']).toBe(hmac(created.body.data.secret, received.body));
      expect(received.headers['x-svc-delivery-id']).toBe(res.body.data.deliveryId);
    });

    it('reports a failing receiver without retrying, and records it in the history', async () => {
      receiver.setDefault('/test-500', 500);
      const created = await create({ url: receiver.url('/test-500'), events: [1] });
      const res = await app.request('POST', `/v1/webhooks/${created.body.data.id}/test`, { key: owner.apiKey });
      expect(res.body.data).toMatchObject({ success: false, statusCode: 500 });
      await new Promise((resolve) => setTimeout(resolve, 400)); // longer than the 100 ms retry delay: no retry came
      expect(receiver.received('/test-500')).toHaveLength(1);
      const history = await app.request('GET', `/v1/webhooks/${created.body.data.id}/deliveries`, {
        key: owner.apiKey,
      });
      expect(history.body.data).toMatchObject({
        total: 1,
        items: [
          {
            id: res.body.data.deliveryId,
            eventType: 'webhook.test',
            status: 'failed',
            attempts: [{ attempt: 1, status: 500 }],
          },
        ],
      });
    });

    it('refuses to test an inactive webhook with 400 code 4004', async () => {
      const created = await create({ url: receiver.url('/test-inactive'), events: [1], isActive: false });
      const res = await app.request('POST', `/v1/webhooks/${created.body.data.id}/test`, { key: owner.apiKey });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(4004);
      expect(receiver.received('/test-inactive')).toHaveLength(0);
    });
  });
});
