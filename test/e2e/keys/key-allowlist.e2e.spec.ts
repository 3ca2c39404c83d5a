import { startTestApp, TestApp } from '../../support/test-app';
import { admin, answer, keyWith } from './scoped-keys';

// The test app listens on 127.0.0.1, so every request's socket address is 127.0.0.1; behind a trusted
// proxy the client is the one X-Forwarded-For names.
const balance = (app: TestApp, key: string, forwardedFor?: string) =>
  app.request('GET', '/v1/credits/balance', {
    key,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('finding 2: a key limited to client addresses', () => {
  describe('without TRUSTED_PROXIES', () => {
    let app: TestApp;
    let accountId: string;
    beforeAll(async () => {
      app = await startTestApp();
      ({ accountId } = await app.createAccount(10));
    });
    afterAll(() => app.close());

    it('serves an allowlisted client, by address or CIDR block', async () => {
      const byAddress = await keyWith(app, accountId, { allowedAddresses: ['127.0.0.1'] });
      const byBlock = await keyWith(app, accountId, { allowedAddresses: ['2001:db8::/32', '127.0.0.0/8'] });
      expect((await balance(app, byAddress.apiKey)).status).toBe(200);
      expect((await balance(app, byBlock.apiKey)).status).toBe(200);
    });

    it('refuses a client outside the allowlist with 403, code 1110, naming its address', async () => {
      const { apiKey } = await keyWith(app, accountId, { allowedAddresses: ['203.0.113.0/24', '2001:db8::/32'] });
      const res = await balance(app, apiKey);
      expect(answer(res)).toEqual({ status: 403, code: 1110 });
      expect(res.body.error.message).toContain('127.0.0.1');
    });

    it('ignores X-Forwarded-For from a proxy it does not trust', async () => {
      const { apiKey } = await keyWith(app, accountId, { allowedAddresses: ['203.0.113.0/24'] });
      expect(answer(await balance(app, apiKey, '203.0.113.9'))).toEqual({ status: 403, code: 1110 });
    });

    it('checks the address before the scope', async () => {
      const { apiKey } = await keyWith(app, accountId, { allowedAddresses: ['203.0.113.0/24'], scopes: ['verify'] });
      expect(answer(await balance(app, apiKey))).toEqual({ status: 403, code: 1110 });
    });

    it('lifts the allowlist with null, at once', async () => {
      const { keyId, apiKey } = await keyWith(app, accountId, { allowedAddresses: ['203.0.113.0/24'] });
      expect((await balance(app, apiKey)).status).toBe(403);
      const patched = await app.request('PATCH', `/admin/v1/keys/${keyId}`, {
        headers: admin,
        body: { allowedAddresses: null },
      });
      expect(patched.body.data).toMatchObject({ allowedAddresses: null, effective: true });
      expect((await balance(app, apiKey)).status).toBe(200);
    });
  });

  describe('behind TRUSTED_PROXIES', () => {
    let app: TestApp;
    let accountId: string;
    beforeAll(async () => {
      app = await startTestApp({ TRUSTED_PROXIES: '127.0.0.1' });
      ({ accountId } = await app.createAccount(10));
    });
    afterAll(() => app.close());

    it('judges the forwarded client, IPv4 and IPv6, not the proxy', async () => {
      const { apiKey } = await keyWith(app, accountId, { allowedAddresses: ['203.0.113.0/24', '2001:db8:5::/48'] });
      expect((await balance(app, apiKey, '203.0.113.9')).status).toBe(200);
      expect((await balance(app, apiKey, '2001:db8:5:1::7')).status).toBe(200);
      expect(answer(await balance(app, apiKey, '198.51.100.1'))).toEqual({ status: 403, code: 1110 });
      expect(answer(await balance(app, apiKey, '2001:db8:6::1'))).toEqual({ status: 403, code: 1110 });
      // The proxy's own address is not the client's.
      expect(answer(await balance(app, apiKey))).toEqual({ status: 403, code: 1110 });
    });
  });
});
