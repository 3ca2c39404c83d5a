import { DashboardBrowser } from '../../support/dashboard-browser';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';
import { PASSWORD, signedInUser } from '../dashboard/dashboard-users';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const answer = (res: { status: number; body: any }) => ({ status: res.status, code: res.body.error?.code });

// Security review, round two (issue 36): limits that multiplied with keys and sessions.
describe('finding 2: limits that multiply with keys and sessions', () => {
  describe('the rate limit', () => {
    let app: TestApp;
    beforeAll(async () => {
      // A second's refill is 1 token; the account's bucket follows the key's (3 at once).
      app = await startTestApp({ RATE_LIMIT_BURST: '3', RATE_LIMIT_PER_SECOND: '1', DASHBOARD_RATE_LIMIT_BURST: '20' });
    });
    afterAll(() => app.close());

    it('is the account’s, whatever its number of keys', async () => {
      const { accountId, apiKey } = await app.createAccount(10);
      const keys = [apiKey];
      for (const label of ['second', 'third']) {
        const issued = await app.request('POST', `/admin/v1/accounts/${accountId}/keys`, {
          body: { label },
          headers: admin,
        });
        keys.push(issued.body.data.apiKey);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 9; i++)
        statuses.push((await app.request('GET', '/v1/credits/balance', { key: keys[i % 3] })).status);
      // Three at once, and at most one more refilled while the nine ran; three keys would have had nine.
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(4);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses[8]).toBe(429);
    });

    it('is one signed-in user’s on /v1, whatever their number of sessions', async () => {
      const { browser, email } = await signedInUser(app);
      const second = new DashboardBrowser(app.url);
      await second.prepare();
      await second.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } });
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await [browser, second][i % 2].request('GET', '/v1/credits/balance')).status);
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(4);
      expect(statuses[7]).toBe(429);
    });
  });

  it('also holds on /dashboard/v1: per signed-in user (all their sessions), 429 with code 1201', async () => {
    const app = await startTestApp({ DASHBOARD_RATE_LIMIT_BURST: '8', DASHBOARD_RATE_LIMIT_PER_SECOND: '1' });
    try {
      // Signing up and in takes four anonymous requests of this client's eight.
      const { browser } = await signedInUser(app);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await browser.request('GET', '/dashboard/v1/me')).status);
      expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
      const refused = await browser.request('GET', '/dashboard/v1/me');
      expect(answer(refused)).toEqual({ status: 429, code: 1201 });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // The anonymous routes count per client address, apart from the user's bucket (refilled one a second).
      const anonymous = new DashboardBrowser(app.url);
      const statusesAnonymous: number[] = [];
      for (let i = 0; i < 15; i++)
        statusesAnonymous.push((await anonymous.request('GET', '/dashboard/v1/csrf')).status);
      expect(statusesAnonymous).toContain(429);
    } finally {
      await app.close();
    }
  });

  describe('keys per account and sessions per user', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ MAX_KEYS_PER_ACCOUNT: '3', MAX_SESSIONS_PER_USER: '2' });
    });
    afterAll(() => app.close());

    it('refuses a key past MAX_KEYS_PER_ACCOUNT active ones (409, code 1108), and again after a revocation makes room', async () => {
      const { accountId } = await app.createAccount(10);
      const issue = () =>
        app.request('POST', `/admin/v1/accounts/${accountId}/keys`, { body: { label: 'k' }, headers: admin });
      const second = await issue();
      expect((await issue()).status).toBe(201);
      expect(answer(await issue())).toEqual({ status: 409, code: 1108 });
      await app.request('DELETE', `/admin/v1/keys/${second.body.data.keyId}`, {
        headers: admin,
      });
      expect((await issue()).status).toBe(201);
    });

    it('counts the keys the team makes on the dashboard too', async () => {
      const { browser } = await signedInUser(app);
      for (let i = 0; i < 3; i++)
        expect((await browser.request('POST', '/dashboard/v1/keys', { body: {} })).status).toBe(201);
      expect(answer(await browser.request('POST', '/dashboard/v1/keys', { body: {} }))).toEqual({
        status: 409,
        code: 1108,
      });
    });

    it('refuses a sign-in past MAX_SESSIONS_PER_USER open sessions (409, code 6015) until one ends', async () => {
      const { browser, email } = await signedInUser(app);
      const signIn = async () => {
        const another = new DashboardBrowser(app.url);
        await another.prepare();
        return {
          another,
          res: await another.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } }),
        };
      };
      expect((await signIn()).res.status).toBe(200);
      expect(answer((await signIn()).res)).toEqual({ status: 409, code: 6015 });
      await browser.request('POST', '/dashboard/v1/sign-out');
      expect((await signIn()).res.status).toBe(200);
    });
  });
});
