import { startTestApp, TestApp } from '../../support/test-app';
import { answer } from '../keys/scoped-keys';
import { publishableKey, SHOP, verifyFrom } from './publishable-support';

// Issue 38, item 3: a publishable key verifies single addresses from its origins only, with CORS for them.
describe('publishable keys', () => {
  let app: TestApp;
  let accountId: string;
  let key: string;
  let secretKey: string;
  const balance = async () =>
    (await app.request('GET', '/v1/credits/balance', { key: secretKey })).body.data.available as number;
  beforeAll(async () => {
    app = await startTestApp();
    ({ accountId, apiKey: secretKey } = await app.createAccount(1000));
    key = await publishableKey(app, accountId);
  });
  afterAll(() => app.close());

  describe('from a listed origin', () => {
    it('answers with CORS headers for that origin and a verification token, charged like a single verify', async () => {
      const before = await balance();
      const res = await verifyFrom(app, key, SHOP);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(res.headers.get('vary')).toMatch(/Origin/);
      expect(res.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);
      expect(res.body.data.verificationToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(res.body.data.creditsCharged).toBe(1);
      expect(await balance()).toBe(before - 1);
    });

    it('answers GET with the key in the query string from a wildcard subdomain origin', async () => {
      const res = await app.request('GET', `/v1/verify/single?email=ann%40example.com&X-API-KEY=${key}`, {
        headers: { origin: 'https://signup.forms.example' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('https://signup.forms.example');
      expect(res.body.data.verificationToken).toBeTruthy();
    });

    it('lets the page read a refusal after the origin check (a validation error here)', async () => {
      const res = await verifyFrom(app, key, SHOP, '');
      expect(answer(res)).toEqual({ status: 400, code: 1006 });
      expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
    });
  });

  describe('from elsewhere', () => {
    it('refuses another origin with 403 (1120) and no CORS header, spending nothing', async () => {
      const before = await balance();
      for (const origin of ['https://evil.example', 'http://shop.example', 'https://forms.example', 'null']) {
        const res = await verifyFrom(app, key, origin);
        expect({ origin, ...answer(res) }).toEqual({ origin, status: 403, code: 1120 });
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
      }
      expect(await balance()).toBe(before);
    });

    it('refuses a request without Origin (403, 1120), whatever its Referer says', async () => {
      const res = await app.request('POST', '/v1/verify/single', {
        key,
        headers: { referer: `${SHOP}/signup` },
        body: { email: 'jane@example.com' },
      });
      expect(answer(res)).toEqual({ status: 403, code: 1120 });
      expect(res.body.error.origin).toBeNull();
    });

    it('sends no CORS header to a secret key, Origin or not', async () => {
      const { apiKey } = await app.createAccount(10);
      const res = await verifyFrom(app, apiKey, SHOP);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.body.data.verificationToken).toBeUndefined();
    });
  });

  describe('preflight', () => {
    const preflight = (origin: string, method = 'POST') =>
      fetch(`${app.url}/v1/verify/single`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': method,
          'access-control-request-headers': 'x-api-key, content-type',
        },
      });

    it('allows the route with the key and JSON headers, for the asking origin, without credentials', async () => {
      const res = await preflight(SHOP);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST');
      expect(res.headers.get('access-control-allow-headers')).toBe('X-API-KEY, Content-Type');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('vary')).toMatch(/Origin/);
    });

    it('allows no other method, and no other route', async () => {
      expect((await preflight(SHOP, 'DELETE')).headers.get('access-control-allow-origin')).toBeNull();
      const other = await fetch(`${app.url}/v1/credits/balance`, {
        method: 'OPTIONS',
        headers: { origin: SHOP, 'access-control-request-method': 'GET' },
      });
      expect(other.status).toBe(405);
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('what a publishable key cannot do', () => {
    it('reads no balance, history, jobs or webhooks (403, 1117), even from its origin', async () => {
      for (const path of [
        '/v1/credits/balance',
        '/v1/credits/transactions',
        '/v1/jobs',
        '/v1/webhooks',
        '/v1/finder/jobs',
      ]) {
        const res = await app.request('GET', path, { key, headers: { origin: SHOP } });
        expect({ path, ...answer(res) }).toEqual({ path, status: 403, code: 1117 });
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
      }
      const batch = await app.request('POST', '/v1/verify/batch', {
        key,
        headers: { origin: SHOP },
        body: { emails: ['a@example.com'] },
      });
      expect(answer(batch)).toEqual({ status: 403, code: 1117 });
      const check = await app.request('POST', '/v1/verify/token', {
        key,
        headers: { origin: SHOP },
        body: { token: 'a.b.c', email: 'a@example.com' },
      });
      expect(answer(check)).toEqual({ status: 403, code: 1117 });
    });

    it('manages no keys: the key routes take a dashboard session, not an API key', async () => {
      const res = await app.request('GET', '/dashboard/v1/keys', { key, headers: { origin: SHOP } });
      expect(res.status).toBe(401);
    });
  });
});
