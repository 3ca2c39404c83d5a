import { DelegatingEventStore, type EventStore } from '@lib/eventstore';
import { DashboardBrowser } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { PASSWORD, signedInUser, uniqueEmail } from './dashboard-users';

/** Records which kinds of identity stream (users, email-claims) are read, in order, while recording. */
class IdentityReads extends DelegatingEventStore {
  recording = false;
  readonly kinds: string[] = [];

  constructor(inner: EventStore) {
    super(inner);
  }

  override readStream(streamId: string, options?: Parameters<EventStore['readStream']>[1]) {
    const kind = /^(users|email-claims)-/.exec(streamId)?.[1];
    if (this.recording && kind) this.kinds.push(kind);
    return super.readStream(streamId, options);
  }
}

const answer = (res: { status: number; body: any }) => ({ status: res.status, code: res.body.error?.code });

// Security review, round two (issue 36), on the dashboard's identity routes.
describe('signed-in changes and sign-in lockouts', () => {
  // Fixed windows of a day keep a window boundary out of the test.
  const DAY = '86400';

  describe('finding 3: a signed-in change of password or address', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({
        SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3',
        SIGNIN_WINDOW_SECONDS: DAY,
        MAIL_MAX_PER_RECIPIENT: '2',
        MAIL_WINDOW_SECONDS: DAY,
      });
    });
    afterAll(() => app.close());

    it('counts a wrong current password as a failed sign-in: a stolen session gets the sign-in form’s guesses', async () => {
      const { browser, email } = await signedInUser(app);
      const change = (currentPassword: string) =>
        browser.request('PUT', '/dashboard/v1/password', {
          body: { currentPassword, newPassword: 'a brand new passphrase' },
        });
      // Two wrong guesses, one of them at the address change: the mail throttle (2 per user) is not what stops them.
      expect(answer(await change('guess one'))).toEqual({ status: 400, code: 6009 });
      expect(
        answer(
          await browser.request('PUT', '/dashboard/v1/email', {
            body: { newEmail: uniqueEmail('thief'), password: 'guess two' },
          }),
        ),
      ).toEqual({ status: 400, code: 6009 });
      const signIn = new DashboardBrowser(app.url);
      await signIn.prepare();
      expect(
        answer(await signIn.request('POST', '/dashboard/v1/sign-in', { body: { email, password: 'guess three' } })),
      ).toEqual({ status: 401, code: 6003 });
      // Three failures at the account, whichever route they came through: the right password waits too.
      expect(
        answer(await signIn.request('POST', '/dashboard/v1/sign-in', { body: { email, password: PASSWORD } })),
      ).toEqual({ status: 429, code: 6004 });
    });

    it('mails one new address no more often than MAIL_MAX_PER_RECIPIENT, and hashes no more per user', async () => {
      const { browser } = await signedInUser(app);
      const target = uniqueEmail('flooded');
      const requestChange = () =>
        browser.request('PUT', '/dashboard/v1/email', { body: { newEmail: target, password: PASSWORD } });
      expect((await requestChange()).status).toBe(202);
      expect((await requestChange()).status).toBe(202);
      const third = await requestChange();
      expect(answer(third)).toEqual({ status: 429, code: 6014 });
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      const password = await browser.request('PUT', '/dashboard/v1/password', {
        body: { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' },
      });
      expect(answer(password)).toEqual({ status: 429, code: 6014 });
    });
  });

  describe('finding 7: five wrong passwords from anywhere lock the owner out', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({
        TRUSTED_PROXIES: '127.0.0.1,::1',
        SIGNIN_MAX_FAILURES_PER_ACCOUNT: '3',
        SIGNIN_WINDOW_SECONDS: DAY,
      });
    });
    afterAll(() => app.close());

    const signInFrom = async (client: string, email: string, password: string) => {
      const browser = new DashboardBrowser(app.url);
      const headers = { 'x-forwarded-for': client };
      await browser.request('GET', '/dashboard/v1/csrf', { headers });
      return answer(await browser.request('POST', '/dashboard/v1/sign-in', { body: { email, password }, headers }));
    };

    it('no longer: the owner still signs in from a client they signed in from before, and only there', async () => {
      const email = uniqueEmail('owner');
      await signedInUser(app, email);
      expect(await signInFrom('198.51.100.7', email, PASSWORD)).toEqual({ status: 200, code: undefined });
      for (const guesser of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
        expect(await signInFrom(guesser, email, 'a guess')).toEqual({ status: 401, code: 6003 });
      expect(await signInFrom('203.0.113.4', email, PASSWORD)).toEqual({ status: 429, code: 6004 });
      expect(await signInFrom('198.51.100.7', email, PASSWORD)).toEqual({ status: 200, code: undefined });
      // Its own typing errors count apart too, and never open the door to the guessers.
      expect(await signInFrom('198.51.100.7', email, 'a typo')).toEqual({ status: 401, code: 6003 });
      expect(await signInFrom('203.0.113.5', email, PASSWORD)).toEqual({ status: 429, code: 6004 });
    });
  });

  describe('finding 11: sign-in timing tells whether an address has an account', () => {
    it('reads the same kinds of stream, in the same order, for an unknown address as for a known one', async () => {
      let reads: IdentityReads | undefined;
      const app = await startTestApp({}, { wrap: { eventStore: (store) => (reads = new IdentityReads(store)) } });
      try {
        const { email } = await signedInUser(app);
        const browser = new DashboardBrowser(app.url);
        await browser.prepare();
        // The recorder sees every read of the process: let the work the sign-up started (projections, relay,
        // consumers) end first, until 300 ms pass with no read, so only the sign-in's own reads are compared.
        const quiet = async () => {
          reads!.recording = true;
          do {
            reads!.kinds.length = 0;
            await new Promise((resolve) => setTimeout(resolve, 300));
          } while (reads!.kinds.length > 0);
          reads!.recording = false;
        };
        const readsOf = async (address: string) => {
          await quiet();
          reads!.kinds.length = 0;
          reads!.recording = true;
          const res = await browser.request('POST', '/dashboard/v1/sign-in', {
            body: { email: address, password: 'not the password' },
          });
          reads!.recording = false;
          return { ...answer(res), reads: [...reads!.kinds] };
        };
        const known = await readsOf(email);
        expect(known).toEqual({ status: 401, code: 6003, reads: ['email-claims', 'users'] });
        expect(await readsOf(uniqueEmail('nobody'))).toEqual(known);
      } finally {
        await app.close();
      }
    });
  });
});
