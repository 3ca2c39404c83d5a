import { HttpsReceiver } from '../../../../../test/support/peers/https-receiver';
import { WebhookAddressGuard } from './address-guard';
import { createWebhookAgent, DeliveryFailures, HttpsWebhookSender } from './https-sender';
import { signBody, signedHeaders, signTimestamped } from './signature';

describe('HTTPS webhook sender against a real HTTPS receiver', () => {
  let receiver: HttpsReceiver;
  const body = JSON.stringify({
    id: 'evt-1',
    type: 'job.completed',
    createdAt: '2025-03-01T10:00:00.000Z',
    data: { jobId: 1 },
  });
  const headers = signedHeaders({
    secret: 'whsec_test',
    body,
    deliveryId: 'd-1',
    eventType: 'job.completed',
    attempt: 1,
    nowMs: 1_740_823_200_123,
  });
  const trusting = (timeoutMs = 2_000) =>
    new HttpsWebhookSender(new WebhookAddressGuard(true), createWebhookAgent(receiver.caFile), timeoutMs);

  beforeAll(async () => {
    receiver = await HttpsReceiver.start();
  });
  afterAll(() => receiver.close());

  it('posts the exact body with a signature the receiver can verify with the secret', async () => {
    const result = await trusting().send({ url: receiver.url('/ok'), body, headers });
    expect(result).toMatchObject({ status: 200, error: null });
    const [received] = receiver.received('/ok');
    expect(received.body).toBe(body);
    expect(received.headers['x-svc-signature']).toBe(signBody('whsec_test', received.body));
    expect(received.headers['x-svc-timestamp']).toBe('1740823200');
    expect(received.headers['x-svc-timestamp-signature']).toBe(
      signTimestamped('whsec_test', 1740823200, received.body),
    );
    expect(received.headers['x-svc-delivery-id']).toBe('d-1');
  });

  it('reports the status of a receiver error', async () => {
    receiver.reply('/error', 500);
    expect(await trusting().send({ url: receiver.url('/error'), body, headers })).toMatchObject({ status: 500 });
  });

  it('does not follow a redirect', async () => {
    receiver.reply('/moved', 302);
    const result = await trusting().send({ url: receiver.url('/moved'), body, headers });
    expect(result).toMatchObject({ status: 302, error: 'redirect (HTTP 302) not followed' });
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    receiver.reply('/slow', 'hang');
    const result = await trusting(300).send({ url: receiver.url('/slow'), body, headers });
    expect(result).toMatchObject({ status: null, error: DeliveryFailures.timeout });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
    expect(result.durationMs).toBeLessThan(2_000);
  });

  it('refuses a certificate from a CA it was not told to trust', async () => {
    const sender = new HttpsWebhookSender(new WebhookAddressGuard(true), createWebhookAgent(null), 2_000);
    const result = await sender.send({ url: receiver.url('/untrusted'), body, headers });
    expect(result).toMatchObject({ status: null, error: DeliveryFailures.unreachable });
    expect(receiver.received('/untrusted')).toHaveLength(0);
  });

  it('refuses to send to a loopback address unless private networks are allowed', async () => {
    const sender = new HttpsWebhookSender(new WebhookAddressGuard(false), createWebhookAgent(receiver.caFile), 2_000);
    const result = await sender.send({ url: receiver.url('/private'), body, headers });
    expect(result).toMatchObject({ status: null, error: DeliveryFailures.notPublic });
    expect(receiver.received('/private')).toHaveLength(0);
  });

  it('refuses a connected peer that is not public even when the name check let it through', async () => {
    // A guard whose name check is wrong (a resolver that lies, a rebinding race): the socket's own peer address decides.
    class LaxNameCheck extends WebhookAddressGuard {
      override async check(): Promise<Array<{ address: string; family: number }>> {
        return [{ address: '127.0.0.1', family: 4 }];
      }
    }
    const sender = new HttpsWebhookSender(new LaxNameCheck(false), createWebhookAgent(receiver.caFile), 2_000);
    const result = await sender.send({
      url: receiver.url('/rebound').replace('127.0.0.1', 'rebound.example'),
      body,
      headers,
    });
    expect(result).toMatchObject({ status: null, error: DeliveryFailures.notPublic });
    expect(receiver.received('/rebound')).toHaveLength(0);
  });

  it('reports a closed port as unreachable, without the network error text', async () => {
    const closedPort = receiver.url('/x').replace(/:\d+\//, ':1/');
    const result = await trusting().send({ url: closedPort, body, headers });
    expect(result).toMatchObject({ status: null, error: DeliveryFailures.unreachable });
  });

  it('connects to the address it checked even if the name would resolve elsewhere later', async () => {
    let calls = 0;
    // First answer is the receiver; any later lookup would point at a closed port.
    const guard = new WebhookAddressGuard(true, async () =>
      calls++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '127.0.0.2', family: 4 }],
    );
    const sender = new HttpsWebhookSender(guard, createWebhookAgent(receiver.caFile), 2_000);
    const url = receiver.url('/pinned').replace('127.0.0.1', 'localhost');
    expect(await sender.send({ url, body, headers })).toMatchObject({ status: 200 });
    expect(calls).toBe(1);
  });
});
