import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { DeliveryFailures } from '@lib/webhooks/testing';
import { startTestApp, TestApp } from '../../support/test-app';

/** Internal addresses spelt as IPv6 (issue 12): the URL parser keeps some, rewrites others to hex. */
const spellings = (port: number): string[] => [
  `https://[::ffff:127.0.0.1]:${port}/hook`,
  `https://[0:0:0:0:0:ffff:127.0.0.1]:${port}/hook`,
  'https://[::ffff:a9fe:a9fe]/latest/meta-data',
  'https://[::ffff:10.0.0.1]/hook',
  `https://[::127.0.0.1]:${port}/hook`,
  `https://[64:ff9b::127.0.0.1]:${port}/hook`,
  'https://[2002:7f00:1::1]/hook',
  'https://[2001:0:a00:1::1]/hook',
];

describe('webhooks on a process that refuses private networks', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailcheck-ssrf-'));
  // A plain TCP listener on loopback: it counts every connection the sender opens, TLS or not.
  const connections: string[] = [];
  const listener = net.createServer((socket) => {
    connections.push(String(socket.remoteAddress));
    socket.destroy();
  });
  let port: number;
  let app: TestApp;
  let key: string;
  let mappedWebhookId: number;
  let plainWebhookId: number;

  beforeAll(async () => {
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as net.AddressInfo).port;
    // Webhooks registered while private networks were allowed, then the process restarts without.
    const permissive = await startTestApp({}, { dataDir });
    key = (await permissive.createAccount(10)).apiKey;
    const create = (url: string) => permissive.request('POST', '/v1/webhooks', { key, body: { url, events: [1] } });
    mappedWebhookId = (await create(`https://[::ffff:127.0.0.1]:${port}/hook`)).body.data.id;
    plainWebhookId = (await create(`https://127.0.0.1:${port}/hook`)).body.data.id;
    await permissive.close();
    app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' }, { dataDir });
  });
  afterAll(async () => {
    await app?.close();
    listener.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(spellings(4443))('refuses to register %s with 400 code 4003', async (url) => {
    const res = await app.request('POST', '/v1/webhooks', { key, body: { url, events: [1] } });
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 400, code: 4003 });
  });

  it.each(spellings(4443))('refuses to change a webhook to %s with 400 code 4003', async (url) => {
    const res = await app.request('PATCH', `/v1/webhooks/${plainWebhookId}`, { key, body: { url } });
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 400, code: 4003 });
  });

  it.each([
    ['an IPv4-mapped IPv6 literal', () => mappedWebhookId],
    ['a loopback IPv4 literal', () => plainWebhookId],
  ])(
    'sends no test delivery to a webhook stored with %s, and says only that the host is not public',
    async (_what, id) => {
      const res = await app.request('POST', `/v1/webhooks/${id()}/test`, { key });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ success: false, statusCode: null, error: DeliveryFailures.notPublic });
      expect(connections).toEqual([]);
    },
  );
});
