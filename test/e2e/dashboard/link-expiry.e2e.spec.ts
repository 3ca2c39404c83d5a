import { DashboardBrowser, tokenFromOutbox } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { FakeClock } from '@lib/common/testing';
import { PASSWORD, signedInUser, uniqueEmail } from './dashboard-users';

/** Mailed links through HTTP once their lifetime is over: a reset link lives 1 hour, a confirmation link 48. */
describe('dashboard links that expired', () => {
  const clock = FakeClock.running();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, { clock });
  });
  afterAll(() => app.close());

  const anonymous = async (): Promise<DashboardBrowser> => {
    const browser = new DashboardBrowser(app.url);
    await browser.prepare();
    return browser;
  };

  it('refuses a password reset link after its hour, changing nothing, while a fresh one still works once', async () => {
    const { email } = await signedInUser(app);
    const browser = await anonymous();
    await browser.request('POST', '/dashboard/v1/password-reset/request', { body: { email } });
    const stale = await tokenFromOutbox(app.dataDir, email, '/reset-password');
    clock.advance(60 * 60_000 + 1_000);
    const late = await browser.request('POST', '/dashboard/v1/password-reset/confirm', {
      body: { token: stale, password: 'a password too late' },
    });
    expect({ status: late.status, code: late.body.error.code }).toEqual({ status: 400, code: 6006 });
    expect(
      (await browser.request('POST', '/dashboard/v1/sign-in', { body: { email, password: 'a password too late' } }))
        .status,
    ).toBe(401);
    expect(
      (await (await anonymous()).request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } }))
        .status,
    ).toBe(200);

    await browser.request('POST', '/dashboard/v1/password-reset/request', { body: { email } });
    const fresh = await tokenFromOutbox(app.dataDir, email, '/reset-password', 2);
    expect(fresh).not.toBe(stale);
    expect(
      (
        await browser.request('POST', '/dashboard/v1/password-reset/confirm', {
          body: { token: fresh, password: 'a password in time' },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a confirmation link after 48 hours; a new link confirms', async () => {
    const email = uniqueEmail('late');
    const browser = await anonymous();
    await browser.request('POST', '/dashboard/v1/sign-up', { body: { email, password: PASSWORD, name: 'Late' } });
    const stale = await tokenFromOutbox(app.dataDir, email, '/confirm-email');
    clock.advance(48 * 3_600_000 + 1_000);
    const late = await browser.request('POST', '/dashboard/v1/confirm-email', { body: { token: stale } });
    expect({ status: late.status, code: late.body.error.code }).toEqual({ status: 400, code: 6006 });
    const signIn = await browser.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } });
    expect({ status: signIn.status, code: signIn.body.error.code }).toEqual({ status: 403, code: 6005 });

    await browser.request('POST', '/dashboard/v1/resend-confirmation', { body: { email } });
    const fresh = await tokenFromOutbox(app.dataDir, email, '/confirm-email', 2);
    expect((await browser.request('POST', '/dashboard/v1/confirm-email', { body: { token: fresh } })).status).toBe(200);
    expect(
      (await browser.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } })).status,
    ).toBe(200);
  });
});
