import { DashboardBrowser } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { uniqueEmail } from './dashboard-users';

/**
 * The per-address sign-in limit keys on the client's address: the connection's peer, or behind a load
 * balancer named in TRUSTED_PROXIES the address it forwards. A client cannot pick its own address by
 * sending X-Forwarded-For to an api that trusts no proxy.
 */
describe('the client address sign-in throttling counts', () => {
  const LIMITS = {
    SIGNIN_MAX_FAILURES_PER_ACCOUNT: '1000',
    SIGNIN_MAX_FAILURES_PER_ADDRESS: '2',
    SIGNIN_WINDOW_SECONDS: '86400',
  };
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  const failFrom = async (app: TestApp, forwardedFor: string): Promise<number> => {
    const browser = new DashboardBrowser(app.url);
    await browser.prepare();
    const res = await browser.request('POST', '/dashboard/v1/sign-in', {
      body: { email: uniqueEmail(), password: 'not the password' },
      headers: { 'x-forwarded-for': forwardedFor },
    });
    return res.status;
  };

  it('ignores X-Forwarded-For when no proxy is trusted, so changing it gets no more attempts', async () => {
    const app = await startTestApp(LIMITS);
    apps.push(app);
    expect([
      await failFrom(app, '198.51.100.1'),
      await failFrom(app, '198.51.100.2'),
      await failFrom(app, '198.51.100.3'),
    ]).toEqual([401, 401, 429]);
  });

  it('counts each forwarded client apart behind a trusted balancer', async () => {
    const app = await startTestApp({ ...LIMITS, TRUSTED_PROXIES: '127.0.0.1,::1' });
    apps.push(app);
    expect([
      await failFrom(app, '198.51.100.1'),
      await failFrom(app, '198.51.100.1'),
      await failFrom(app, '198.51.100.1'),
    ]).toEqual([401, 401, 429]);
    expect(await failFrom(app, '198.51.100.2')).toBe(401);
    // The nearest untrusted hop counts: a client prepending its own choice changes nothing.
    expect(await failFrom(app, '203.0.113.9, 198.51.100.1')).toBe(429);
  });
});
