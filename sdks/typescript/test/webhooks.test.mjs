// Webhook deliveries from the real service to a real HTTPS receiver, checked by verifyWebhookSignature.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, test } from 'node:test';
import { Mailcheck } from '../dist/esm/index.js';
import { verifyWebhookSignature, WebhookSignatureError } from '../dist/esm/webhook-signature.js';
import { listCsv, service, startReceiver, stopServices } from './support.mjs';

let svc;
let receiver;
before(async () => {
  svc = await service();
  receiver = await startReceiver(svc);
});
after(async () => {
  await receiver.close();
  stopServices();
});

test('a job.completed delivery verifies with the secret, and not with another or once tampered', async () => {
  const client = new Mailcheck({ apiKey: svc.testApiKey, baseUrl: svc.url }); // an owner's test key: owners manage webhooks
  const webhook = await client.webhooks.create({ url: receiver.url, events: ['job.completed'] });
  const job = await client.jobs.create(Buffer.from(listCsv(5)), { fileName: 'hooked.csv' });
  await job.wait();
  const delivery = await receiver.next((event) => event.type === 'job.completed' && event.data.jobId === job.id);

  const event = verifyWebhookSignature(delivery.body, delivery.headers, webhook.secret);
  assert.equal(event.data.jobId, job.id);
  assert.equal(event.data.summary.status, 'Completed');
  assert.equal(event.livemode, false, "a test key's events say so");
  // A Headers object works as well as Node's header record.
  const headers = new Headers(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]));
  assert.equal(verifyWebhookSignature(delivery.body.toString('utf8'), headers, webhook.secret).id, event.id);

  assert.throws(() => verifyWebhookSignature(delivery.body, delivery.headers, 'whsec_wrong'), WebhookSignatureError);
  const tampered = Buffer.from(delivery.body.toString('utf8').replace('"Completed"', '"Failed"'));
  assert.throws(() => verifyWebhookSignature(tampered, delivery.headers, webhook.secret), /X-SVC-Signature/);
  const unsigned = { ...delivery.headers, 'x-svc-timestamp-signature': undefined };
  assert.throws(() => verifyWebhookSignature(delivery.body, unsigned, webhook.secret), /missing/);
});

test('the timestamp window: a delivery replayed later is refused, and so is a moved timestamp', async () => {
  const client = new Mailcheck({ apiKey: svc.testApiKey, baseUrl: svc.url }); // an owner's test key: owners manage webhooks
  const webhook = await client.webhooks.create({ url: receiver.url, events: [1] });
  assert.equal((await client.webhooks.test(webhook.id)).success, true);
  const delivery = await receiver.next((event) => event.type === 'webhook.test' && event.data.webhookId === webhook.id);
  const sentAt = Number(delivery.headers['x-svc-timestamp']);
  assert.equal(
    verifyWebhookSignature(delivery.body, delivery.headers, webhook.secret, 300, sentAt + 299).type,
    'webhook.test',
  );
  assert.throws(
    () => verifyWebhookSignature(delivery.body, delivery.headers, webhook.secret, 300, sentAt + 301),
    /window/,
  );
  // Moving the timestamp into the window breaks its signature, which binds it to the body.
  const moved = { ...delivery.headers, 'x-svc-timestamp': String(sentAt + 600) };
  assert.throws(
    () => verifyWebhookSignature(delivery.body, moved, webhook.secret, 300, sentAt + 600),
    /Timestamp-Signature/,
  );
  // The scheme itself: hex HMAC-SHA256 of the body, and of "<timestamp>.<body>".
  const hmac = (text) => createHmac('sha256', webhook.secret).update(text).digest('hex');
  assert.equal(delivery.headers['x-svc-signature'], hmac(delivery.body));
  assert.equal(delivery.headers['x-svc-timestamp-signature'], hmac(`${sentAt}.${delivery.body}`));

  const rotated = await client.webhooks.rotateSecret(webhook.id);
  await client.webhooks.test(webhook.id);
  const after = receiver.requests.filter((r) => JSON.parse(r.body).data.webhookId === webhook.id).at(-1);
  assert.ok(verifyWebhookSignature(after.body, after.headers, rotated.secret));
  assert.throws(() => verifyWebhookSignature(after.body, after.headers, webhook.secret), WebhookSignatureError);
});
