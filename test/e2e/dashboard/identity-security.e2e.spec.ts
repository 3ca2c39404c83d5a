import { newLinkToken } from '@lib/identity';
import { PasswordHasher } from '@lib/identity/testing';
import { GatedEventStore } from '../../support/harness/gated-event-store';
import { DashboardBrowser, mailsArrived, outboxMails, tokenFromOutbox } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { PASSWORD, signedInUser, uniqueEmail } from './dashboard-users';

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
      const changeToken = await tokenFromOutbox(app.dataDir, eve, '/confirm-email-change');
      // ...and the owner resets the password, as the warning mail tells them.
      const anon = await anonymous();
      await anon.request('POST', '/dashboard/v1/password-reset/request', { body: { email } });
      const reset = await anon.request('POST', '/dashboard/v1/password-reset/confirm', {
        body: {
          token: await tokenFromOutbox(app.dataDir, email, '/reset-password'),
          password: 'the owner takes it back',
        },
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
      const resetToken = await tokenFromOutbox(app.dataDir, email, '/reset-password');
      const changed = await browser.request('PUT', '/dashboard/v1/password', {
        body: { currentPassword: PASSWORD, newPassword: 'another passphrase' },
      });
      expect(changed.status).toBe(200);
      expect((await other.request('GET', '/dashboard/v1/me')).status).toBe(401);
      const taken = await anon.request('POST', '/dashboard/v1/email-change/confirm', {
        body: { token: await tokenFromOutbox(app.dataDir, eve, '/confirm-email-change') },
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

  describe('finding 3: anonymous dashboard routes are not throttled', () => {
    // Fixed windows of a day keep a window boundary out of the test (as the sign-in throttling test does).
    let throttled: TestApp;
    beforeAll(async () => {
      throttled = await startTestApp({
        MAIL_MAX_PER_RECIPIENT: '2',
        INVITES_MAX_PER_ACCOUNT: '2',
        MAIL_WINDOW_SECONDS: '86400',
      });
    });
    afterAll(() => throttled.close());

    const refusal = (res: { status: number; body: any; headers: Headers }) => ({
      status: res.status,
      code: res.body.error?.code,
      retryAfter: Number(res.headers.get('retry-after')) > 0,
    });
    const THROTTLED = { status: 429, code: 6014, retryAfter: true };

    it('mails one address at most MAIL_MAX_PER_RECIPIENT times a window, whichever route asks and whether or not it has an account', async () => {
      const browser = new DashboardBrowser(throttled.url);
      await browser.prepare();
      for (const victim of [uniqueEmail('victim'), uniqueEmail('nobody')]) {
        const signUp = () =>
          browser.request('POST', '/dashboard/v1/sign-up', { body: { email: victim, password: PASSWORD, name: 'X' } });
        expect((await signUp()).status).toBe(202);
        expect(
          (await browser.request('POST', '/dashboard/v1/resend-confirmation', { body: { email: victim } })).status,
        ).toBe(202);
        expect(
          refusal(await browser.request('POST', '/dashboard/v1/password-reset/request', { body: { email: victim } })),
        ).toEqual(THROTTLED);
        expect(refusal(await signUp())).toEqual(THROTTLED);
      }
    });

    it('counts anonymous mail and password-hash requests per client address', async () => {
      const app3 = await startTestApp({ MAIL_MAX_PER_CLIENT: '3', MAIL_WINDOW_SECONDS: '86400' });
      try {
        const browser = new DashboardBrowser(app3.url);
        await browser.prepare();
        for (const email of [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c')])
          expect(
            (await browser.request('POST', '/dashboard/v1/password-reset/request', { body: { email } })).status,
          ).toBe(202);
        for (const res of [
          await browser.request('POST', '/dashboard/v1/sign-up', {
            body: { email: uniqueEmail('d'), password: PASSWORD, name: 'X' },
          }),
          await browser.request('POST', '/dashboard/v1/resend-confirmation', { body: { email: uniqueEmail('e') } }),
          await browser.request('POST', '/dashboard/v1/password-reset/confirm', {
            body: { token: newLinkToken('1234').token, password: 'a long enough password' },
          }),
        ])
          expect(refusal(res)).toEqual(THROTTLED);
      } finally {
        await app3.close();
      }
    });

    it('counts invitations per team', async () => {
      const owner = await signedInUser(throttled);
      for (const expected of [201, 201, 429]) {
        const res = await owner.browser.request('POST', '/dashboard/v1/team/invites', {
          body: { email: uniqueEmail('invited'), role: 'member' },
        });
        expect(res.status).toBe(expected);
      }
    });

    it('runs the password hash only after the address is claimed and the reset link checked', async () => {
      const hash = jest.spyOn(app.running.app.get(PasswordHasher), 'hash');
      try {
        const { email } = await signedInUser(app);
        hash.mockClear();
        const anon = await anonymous();
        await anon.request('POST', '/dashboard/v1/sign-up', { body: { email, password: PASSWORD, name: 'Again' } });
        // Done once the owner is told (a sign-up's work runs after its answer).
        await mailsArrived(app.dataDir, (m) => m.to.includes(email) && /tried to sign up/.test(m.subject));
        const forged = await anon.request('POST', '/dashboard/v1/password-reset/confirm', {
          body: { token: newLinkToken('1234').token, password: 'a long enough password' },
        });
        expect(forged.status).toBe(400);
        expect(hash).not.toHaveBeenCalled();
        await anon.request('POST', '/dashboard/v1/password-reset/request', { body: { email } });
        const reset = await anon.request('POST', '/dashboard/v1/password-reset/confirm', {
          body: {
            token: await tokenFromOutbox(app.dataDir, email, '/reset-password'),
            password: 'a long enough password',
          },
        });
        expect(reset.status).toBe(200);
        expect(hash).toHaveBeenCalledTimes(1);
      } finally {
        hash.mockRestore();
      }
    });
  });

  describe('finding 5: account enumeration by timing', () => {
    /** Each anonymous route that looks an address up, with what it answers. */
    const lookups = (browser: DashboardBrowser, email: string) => [
      browser.request('POST', '/dashboard/v1/sign-up', { body: { email, password: PASSWORD, name: 'X' } }),
      browser.request('POST', '/dashboard/v1/password-reset/request', { body: { email } }),
      browser.request('POST', '/dashboard/v1/resend-confirmation', { body: { email } }),
    ];

    it('answers sign-up, a reset request and a new confirmation link before any read or append of the user and address streams, for every kind of address', async () => {
      let gate: GatedEventStore | undefined;
      const identityStream = (id: string) => id.startsWith('users-') || id.startsWith('email-claims-');
      const gated = await startTestApp(
        {},
        { wrap: { eventStore: (s) => (gate = new GatedEventStore(s, identityStream)) } },
      );
      try {
        const { email: confirmed } = await signedInUser(gated);
        const unconfirmed = uniqueEmail('unconfirmed');
        const browser = new DashboardBrowser(gated.url);
        await browser.prepare();
        await browser.request('POST', '/dashboard/v1/sign-up', {
          body: { email: unconfirmed, password: PASSWORD, name: 'U' },
        });
        await tokenFromOutbox(gated.dataDir, unconfirmed, '/confirm-email');

        // Shut: a request that read or appended any user or address stream before answering would hang here.
        gate!.shut();
        const answers: Record<string, unknown> = {};
        for (const email of [confirmed, unconfirmed, uniqueEmail('unknown')]) {
          const hung = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 10_000).unref());
          const answered = await Promise.race([Promise.all(lookups(browser, email)), hung]);
          expect(answered).not.toBe('hung');
          answers[email] = (answered as Array<{ status: number; body: unknown }>).map((r) => [r.status, r.body]);
        }
        // The same answers for a confirmed, an unconfirmed and an unknown address...
        const [first, ...rest] = Object.values(answers);
        for (const other of rest) expect(other).toEqual(first);
        // ...while the work they started waits at the gate, and is done once it opens.
        expect(gate!.held).toBeGreaterThan(0);
        gate!.release();
        await mailsArrived(gated.dataDir, (m) => m.to.includes(confirmed) && /tried to sign up/.test(m.subject));
        await tokenFromOutbox(gated.dataDir, confirmed, '/reset-password');
        await tokenFromOutbox(gated.dataDir, unconfirmed, '/confirm-email', 2);
      } finally {
        gate!.release();
        await gated.close();
      }
    });
  });
});
