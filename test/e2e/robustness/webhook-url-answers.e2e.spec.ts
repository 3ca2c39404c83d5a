import { DnsPeer, startDnsPeer, ZoneEntry } from '../../support/peers/dns-peer';
import { HttpsReceiver } from '../../support/peers/https-receiver';
import { startTestApp, TestApp } from '../../support/test-app';

/** Internal names the configured DNS (DNS_SERVERS) answers with addresses only the network behind the api knows. */
const PUBLIC = { 'hooks.partner.test': { a: ['93.184.216.34'] } };
const INTERNAL = {
  'billing.corp.test': { a: ['10.20.30.40'] },
  'metadata.corp.test': { a: ['169.254.169.254'] },
  'v6.corp.test': { aaaa: ['fd12:3456:789a::7'] },
};

describe('webhook URLs checked through the configured DNS servers', () => {
  let dns: DnsPeer;
  let receiver: HttpsReceiver;
  let strict: TestApp;
  let permissive: TestApp;
  let strictKey: string;
  let permissiveKey: string;

  beforeAll(async () => {
    dns = await startDnsPeer({ ...PUBLIC, ...INTERNAL });
    receiver = await HttpsReceiver.start();
    const env = { DNS_SERVERS: dns.server, WEBHOOK_CA_FILE: receiver.caFile, WEBHOOK_TIMEOUT_MS: '2000' };
    strict = await startTestApp({ ...env, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' });
    permissive = await startTestApp({ ...env, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
    strictKey = (await strict.createAccount(10)).apiKey;
    permissiveKey = (await permissive.createAccount(10)).apiKey;
  }, 60_000);
  afterAll(async () => {
    await strict?.close();
    await permissive?.close();
    await receiver?.close();
    await dns?.close();
  });

  describe('finding 7: a refused webhook URL never echoes what the internal DNS answered', () => {
    it.each(Object.entries(INTERNAL))(
      'refuses https://%s/ with 4003 and the catalogue message only',
      async (host, entry) => {
        const answer = await strict.request('POST', '/v1/webhooks', {
          key: strictKey,
          body: { url: `https://${host}/hook`, events: [1] },
        });
        expect({ status: answer.status, code: answer.body.error?.code }).toEqual({ status: 400, code: 4003 });
        const { a = [], aaaa = [] } = entry as ZoneEntry;
        const [address] = [...a, ...aaaa];
        expect(answer.text).not.toContain(address);
        expect(answer.body.error.message).toBe('The webhook URL host does not resolve to a public address.');
      },
    );

    it('answers a redirect of an existing webhook the same way', async () => {
      const created = await strict.request('POST', '/v1/webhooks', {
        key: strictKey,
        body: { url: 'https://hooks.partner.test/hook', events: [1] },
      });
      expect(created.status).toBe(201);
      const moved = await strict.request('PATCH', `/v1/webhooks/${created.body.data.id}`, {
        key: strictKey,
        body: { url: 'https://billing.corp.test:8443/hook' },
      });
      expect({ status: moved.status, code: moved.body.error?.code }).toEqual({ status: 400, code: 4003 });
      expect(moved.text).not.toContain('10.20.30.40');
    });
  });

  describe('finding 11: an internal name that exists and one that does not', () => {
    it('are answered alike, so registration does not tell which names the internal DNS knows', async () => {
      const register = (host: string) =>
        strict.request('POST', '/v1/webhooks', { key: strictKey, body: { url: `https://${host}/hook`, events: [1] } });
      const [exists, missing] = [await register('billing.corp.test'), await register('no-such-host.corp.test')];
      const answer = (res: typeof exists) => ({ status: res.status, body: res.body });
      expect(answer(missing)).toEqual(answer(exists));
      expect(exists.status).toBe(400);
    });
  });

  describe('finding 14: localhost and the hosts file resolve as the system resolver does', () => {
    it('registers https://localhost:PORT/ (private networks allowed) and delivers a test event there', async () => {
      const url = receiver.url('/on-localhost').replace('127.0.0.1', 'localhost');
      expect(url).toMatch(/^https:\/\/localhost:\d+\/on-localhost$/);
      const created = await permissive.request('POST', '/v1/webhooks', {
        key: permissiveKey,
        body: { url, events: [1] },
      });
      expect({ status: created.status, message: created.body.error?.message }).toEqual({
        status: 201,
        message: undefined,
      });
      const sent = await permissive.request('POST', `/v1/webhooks/${created.body.data.id}/test`, {
        key: permissiveKey,
      });
      expect(sent.body.data).toMatchObject({ success: true, statusCode: 200 });
      expect(receiver.received('/on-localhost')).toHaveLength(1);
    });

    it('still refuses localhost where private networks are not allowed (it is loopback), without asking the DNS', async () => {
      const before = dns.queries.get('localhost A') ?? 0;
      const refused = await strict.request('POST', '/v1/webhooks', {
        key: strictKey,
        body: { url: 'https://localhost/hook', events: [1] },
      });
      expect({ status: refused.status, code: refused.body.error?.code }).toEqual({ status: 400, code: 4003 });
      expect(dns.queries.get('localhost A') ?? 0).toBe(before);
    });
  });
});
