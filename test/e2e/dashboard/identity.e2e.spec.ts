import { DashboardBrowser, mailsArrived, tokenFromOutbox } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { PASSWORD, signedInUser, uniqueEmail } from './dashboard-users';

describe('dashboard identity', () => {
  let app: TestApp;

  beforeAll(async () => {
    // Throttling counts in fixed windows: a day-long one keeps a window boundary out of the throttling test.
    app = await startTestApp({
      SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3',
      SIGNIN_MAX_FAILURES_PER_ADDRESS: '1000',
      SIGNIN_WINDOW_SECONDS: '86400',
    });
  });
  afterAll(() => app.close());

  describe('sign-up', () => {
    it('mails a one-time confirmation link; sign-in works only after confirming', async () => {
      const email = uniqueEmail();
      const browser = new DashboardBrowser(app.url);
      await browser.prepare();
      const signUp = await browser.request('POST', '/dashboard/v1/sign-up', {
        body: { email: email.toUpperCase(), password: PASSWORD, name: 'Ada', company: '' },
      });
      expect(signUp.status).toBe(202);
      // The user is recorded after the answer (the confirmation mail follows the record).
      const token = await tokenFromOutbox(app.dataDir, email, '/confirm-email');
      const early = await browser.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } });
      expect({ status: early.status, code: early.body.error.code }).toEqual({ status: 403, code: 6005 });
      expect((await browser.request('POST', '/dashboard/v1/confirm-email', { body: { token } })).status).toBe(200);
      const again = await browser.request('POST', '/dashboard/v1/confirm-email', { body: { token } });
      expect({ status: again.status, code: again.body.error.code }).toEqual({ status: 400, code: 6006 });
      const signIn = await browser.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } });
      expect(signIn.status).toBe(200);
      expect(signIn.body.data.user).toMatchObject({ email, name: 'Ada' });
      const me = await browser.request('GET', '/dashboard/v1/me');
      expect(me.body.data).toMatchObject({ email, accountId: signIn.body.data.user.accountId });
    });

    it('sets the session cookie HttpOnly and SameSite=Lax, without Secure on plain-HTTP local use', async () => {
      const email = uniqueEmail();
      const { browser } = await signedInUser(app, email);
      const response = await fetch(`${app.url}/dashboard/v1/sign-in`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `mc_csrf=${browser.cookies.get('mc_csrf')}`,
          'x-csrf-token': browser.cookies.get('mc_csrf')!,
        },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const session = response.headers.getSetCookie().find((line) => line.startsWith('mc_session='))!;
      expect(session).toMatch(/HttpOnly/);
      expect(session).toMatch(/SameSite=Lax/);
      expect(session).not.toMatch(/Secure/);
    });
  });

  describe('no account enumeration', () => {
    it('answers sign-up, reset and sign-in alike for taken and unknown addresses', async () => {
      const { email: taken } = await signedInUser(app);
      const unknown = uniqueEmail('nobody');
      const browser = new DashboardBrowser(app.url);
      await browser.prepare();
      const answers = async (email: string) => ({
        signUp: (
          await browser.request('POST', '/dashboard/v1/sign-up', { body: { email, password: PASSWORD, name: 'X' } })
        ).body,
        reset: (await browser.request('POST', '/dashboard/v1/password-reset/request', { body: { email } })).body,
        signIn: (
          await browser.request('POST', '/dashboard/v1/sign-in', { body: { email, password: 'wrong password!' } })
        ).body,
      });
      const forTaken = await answers(taken);
      expect(await answers(uniqueEmail('fresh'))).toEqual({ ...forTaken, signIn: forTaken.signIn });
      expect((await answers(unknown)).signIn).toEqual(forTaken.signIn);
      expect(forTaken.signIn.error.code).toBe(6003);
      // The owner of the taken address hears about the attempt instead.
      await mailsArrived(app.dataDir, (mail) => mail.to.includes(taken) && /tried to sign up/.test(mail.subject));
    });
  });

  describe('CSRF', () => {
    it('refuses a state-changing request without the token, with a wrong one, or with only the cookie', async () => {
      const { browser } = await signedInUser(app);
      const withoutToken = await browser.request('POST', '/dashboard/v1/sign-out', { csrf: null });
      expect({ status: withoutToken.status, code: withoutToken.body.error.code }).toEqual({ status: 403, code: 6002 });
      const wrong = await browser.request('POST', '/dashboard/v1/sign-out', { csrf: 'x'.repeat(43) });
      expect(wrong.status).toBe(403);
      expect((await browser.request('GET', '/dashboard/v1/me')).status).toBe(200);
    });

    it('refuses an anonymous form post whose header does not match the mc_csrf cookie', async () => {
      const browser = new DashboardBrowser(app.url);
      const noCookie = await browser.request('POST', '/dashboard/v1/sign-in', {
        body: { email: uniqueEmail(), password: PASSWORD },
        csrf: 'forged-token',
      });
      expect({ status: noCookie.status, code: noCookie.body.error.code }).toEqual({ status: 403, code: 6002 });
    });
  });

  describe('sessions', () => {
    it('sign-out ends the session on the server: the old cookie no longer works', async () => {
      const { browser } = await signedInUser(app);
      const stolen = new Map(browser.cookies);
      expect((await browser.request('POST', '/dashboard/v1/sign-out')).status).toBe(200);
      const replay = new DashboardBrowser(app.url);
      for (const [name, value] of stolen) replay.cookies.set(name, value);
      const me = await replay.request('GET', '/dashboard/v1/me');
      expect({ status: me.status, code: me.body.error.code }).toEqual({ status: 401, code: 6001 });
    });

    it('lists the open sessions and revoking one signs that browser out at once', async () => {
      const { browser: laptop, email } = await signedInUser(app);
      const phone = new DashboardBrowser(app.url);
      await phone.prepare();
      await phone.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } });
      const list = await laptop.request('GET', '/dashboard/v1/sessions');
      expect(list.body.data.items).toHaveLength(2);
      const other = list.body.data.items.find((item: { current: boolean }) => !item.current);
      expect((await laptop.request('DELETE', `/dashboard/v1/sessions/${other.sessionId}`)).status).toBe(200);
      expect((await phone.request('GET', '/dashboard/v1/me')).status).toBe(401);
      expect((await laptop.request('GET', '/dashboard/v1/me')).status).toBe(200);
      const twice = await laptop.request('DELETE', `/dashboard/v1/sessions/${other.sessionId}`);
      expect({ status: twice.status, code: twice.body.error.code }).toEqual({ status: 404, code: 6008 });
    });
  });

  describe('sign-in throttling', () => {
    it('answers 429 with Retry-After after repeated failures for one account, even with the right password', async () => {
      const { email } = await signedInUser(app);
      const browser = new DashboardBrowser(app.url);
      await browser.prepare();
      for (let i = 0; i < 3; i++) {
        expect(
          (await browser.request('POST', '/dashboard/v1/sign-in', { body: { email, password: 'wrong password!' } }))
            .status,
        ).toBe(401);
      }
      const throttled = await browser.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } });
      expect({ status: throttled.status, code: throttled.body.error.code }).toEqual({ status: 429, code: 6004 });
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('password reset', () => {
    it('works once, ends every session, and the old password stops working', async () => {
      const { browser, email } = await signedInUser(app);
      const anon = new DashboardBrowser(app.url);
      await anon.prepare();
      await anon.request('POST', '/dashboard/v1/password-reset/request', { body: { email } });
      const token = await tokenFromOutbox(app.dataDir, email, '/reset-password');
      const newPassword = 'a brand new passphrase';
      expect(
        (await anon.request('POST', '/dashboard/v1/password-reset/confirm', { body: { token, password: newPassword } }))
          .status,
      ).toBe(200);
      const reuse = await anon.request('POST', '/dashboard/v1/password-reset/confirm', {
        body: { token, password: 'yet another passphrase' },
      });
      expect({ status: reuse.status, code: reuse.body.error.code }).toEqual({ status: 400, code: 6006 });
      expect((await browser.request('GET', '/dashboard/v1/me')).status).toBe(401);
      expect(
        (await anon.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } })).status,
      ).toBe(401);
      expect(
        (await anon.request('POST', '/dashboard/v1/sign-in', { body: { email, password: newPassword } })).status,
      ).toBe(200);
    });
  });

  describe('changing the password and the address', () => {
    it('changes the password with the current one, keeping only this session', async () => {
      const { browser, email } = await signedInUser(app);
      const other = new DashboardBrowser(app.url);
      await other.prepare();
      await other.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } });
      const wrong = await browser.request('PUT', '/dashboard/v1/password', {
        body: { currentPassword: 'not it at all', newPassword: 'another passphrase' },
      });
      expect({ status: wrong.status, code: wrong.body.error.code }).toEqual({ status: 400, code: 6009 });
      expect(
        (
          await browser.request('PUT', '/dashboard/v1/password', {
            body: { currentPassword: PASSWORD, newPassword: 'another passphrase' },
          })
        ).status,
      ).toBe(200);
      expect((await browser.request('GET', '/dashboard/v1/me')).status).toBe(200);
      expect((await other.request('GET', '/dashboard/v1/me')).status).toBe(401);
    });

    it('moves the sign-in address once the new one is confirmed', async () => {
      const { browser, email } = await signedInUser(app);
      const newEmail = uniqueEmail('moved');
      expect(
        (await browser.request('PUT', '/dashboard/v1/email', { body: { newEmail, password: PASSWORD } })).status,
      ).toBe(202);
      const token = await tokenFromOutbox(app.dataDir, newEmail, '/confirm-email-change');
      expect((await browser.request('POST', '/dashboard/v1/email-change/confirm', { body: { token } })).status).toBe(
        200,
      );
      expect((await browser.request('GET', '/dashboard/v1/me')).body.data.email).toBe(newEmail);
      const anon = new DashboardBrowser(app.url);
      await anon.prepare();
      expect(
        (await anon.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } })).status,
      ).toBe(401);
      expect(
        (await anon.request('POST', '/dashboard/v1/sign-in', { body: { email: newEmail, password: PASSWORD } })).status,
      ).toBe(200);
    });
  });
});
