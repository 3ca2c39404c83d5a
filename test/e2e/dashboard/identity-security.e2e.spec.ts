import { DashboardBrowser, outboxMails, tokenFromOutbox } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { PASSWORD, signedInUser, uniqueEmail } from './dashboard-fixture';

// Security review findings on the dashboard's identity routes (issue 25).
describe('dashboard identity under attack', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({});
  });
  afterAll(() => app.close());

  async function anonymous(): Promise<DashboardBrowser> {
    const browser = new DashboardBrowser(app.url);
    await browser.prepare();
    return browser;
  }

  describe('finding 2: an email change survives a password reset', () => {
    it('a reset cancels a pending change of address, and the owner is told', async () => {
      const { browser, email } = await signedInUser(app);
      const eve = uniqueEmail('eve');
      // Someone who knew the password asks to move the account to their own address...
      expect(
        (await browser.request('PUT', '/dashboard/v1/email', { body: { newEmail: eve, password: PASSWORD } })).status,
      ).toBe(202);
      const changeToken = tokenFromOutbox(app.dataDir, eve, '/confirm-email-change');
      // ...and the owner resets the password, as the warning mail tells them.
      const anon = await anonymous();
      await anon.request('POST', '/dashboard/v1/password-reset/request', { body: { email } });
      const reset = await anon.request('POST', '/dashboard/v1/password-reset/confirm', {
        body: { token: tokenFromOutbox(app.dataDir, email, '/reset-password'), password: 'the owner takes it back' },
      });
      expect(reset.status).toBe(200);

      const taken = await anon.request('POST', '/dashboard/v1/email-change/confirm', { body: { token: changeToken } });
      expect({ status: taken.status, code: taken.body.error?.code }).toEqual({ status: 400, code: 6006 });
      const signIn = await anon.request('POST', '/dashboard/v1/sign-in', {
        body: { email, password: 'the owner takes it back' },
      });
      expect(signIn.body.data.user.email).toBe(email);
      const notice = outboxMails(app.dataDir).filter(
        (m) => m.to.includes(email) && /password was changed/.test(m.subject),
      );
      expect(notice).toHaveLength(1);
      expect(notice[0].text).toContain(`The pending change of your sign-in address to ${eve} was cancelled.`);
    });

    it('a change of password cancels it too, signs the other sessions out and voids a reset link', async () => {
      const { browser, email } = await signedInUser(app);
      const other = await anonymous();
      await other.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } });
      const eve = uniqueEmail('eve');
      await browser.request('PUT', '/dashboard/v1/email', { body: { newEmail: eve, password: PASSWORD } });
      const anon = await anonymous();
      await anon.request('POST', '/dashboard/v1/password-reset/request', { body: { email } });
      const resetToken = tokenFromOutbox(app.dataDir, email, '/reset-password');
      const changed = await browser.request('PUT', '/dashboard/v1/password', {
        body: { currentPassword: PASSWORD, newPassword: 'another passphrase' },
      });
      expect(changed.status).toBe(200);
      expect((await other.request('GET', '/dashboard/v1/me')).status).toBe(401);
      const taken = await anon.request('POST', '/dashboard/v1/email-change/confirm', {
        body: { token: tokenFromOutbox(app.dataDir, eve, '/confirm-email-change') },
      });
      expect({ status: taken.status, code: taken.body.error?.code }).toEqual({ status: 400, code: 6006 });
      const reuse = await anon.request('POST', '/dashboard/v1/password-reset/confirm', {
        body: { token: resetToken, password: 'a third passphrase' },
      });
      expect({ status: reuse.status, code: reuse.body.error?.code }).toEqual({ status: 400, code: 6006 });
      const notice = outboxMails(app.dataDir).filter(
        (m) => m.to.includes(email) && /password was changed/.test(m.subject),
      );
      expect(notice.map((m) => m.text)).toEqual([
        expect.stringContaining('1 other signed-in session(s) were signed out.'),
      ]);
    });
  });
});
