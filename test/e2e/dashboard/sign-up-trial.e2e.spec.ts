import { CreditLedger } from '@lib/ledger';
import { EventStore } from '@lib/eventstore';
import { UserStreams } from '@lib/identity/testing';
import { AccountOpening } from '@lib/teams';
import { DashboardBrowser, tokenFromOutbox } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { PASSWORD, signedInUser, uniqueEmail } from './dashboard-users';

/**
 * The confirmation request and the worker's EmailConfirmed consumer both run AccountOpening.forSignUp; the
 * redelivery harness covers them one after the other, this covers them racing.
 */
describe('trial credits of a sign-up', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TRIAL_CREDITS: '100' });
  });
  afterAll(() => app.close());

  it('are granted once when the account is opened by many at once', async () => {
    const email = uniqueEmail('race');
    const browser = new DashboardBrowser(app.url);
    await browser.prepare();
    expect(
      (await browser.request('POST', '/dashboard/v1/sign-up', { body: { email, password: PASSWORD, name: 'Racer' } }))
        .status,
    ).toBe(202);
    // Recorded after the answer: the confirmation mail follows the record.
    await tokenFromOutbox(app.dataDir, email, '/confirm-email');
    // Not confirmed yet: no account, no ledger.
    const userId = (await app.running.app.get(UserStreams).userIdOf(email))!;
    const { accountId } = (await app.running.app.get(UserStreams).registration(userId))!;
    const events = app.running.app.get(EventStore);
    expect(await events.readStream(`credits-${accountId}`)).toEqual([]);
    const opening = app.running.app.get(AccountOpening);
    expect(await Promise.all(Array.from({ length: 8 }, () => opening.forSignUp(userId)))).toEqual(Array(8).fill(true));
    const ledger = await events.readStream(`credits-${accountId}`);
    expect(ledger.map((e) => [e.type, e.data.transactionId, e.data.amount])).toEqual([
      ['CreditsAdded', `trial-${accountId}`, 100],
    ]);
    expect((await events.readStream(`accounts-${accountId}`)).map((e) => e.type)).toEqual(['AccountOpened']);
    expect(await app.running.app.get(CreditLedger).current(accountId)).toMatchObject({ balance: 100 });
  });

  it('come with the confirmation, once, and a used link grants nothing more', async () => {
    const { user, email } = await signedInUser(app);
    expect(await app.running.app.get(CreditLedger).current(user.accountId)).toMatchObject({ balance: 100 });
    const browser = new DashboardBrowser(app.url);
    await browser.prepare();
    const again = await browser.request('POST', '/dashboard/v1/confirm-email', {
      body: { token: await tokenFromOutbox(app.dataDir, email, '/confirm-email') },
    });
    expect(again.body.error.code).toBe(6006);
    expect(await app.running.app.get(AccountOpening).forSignUp(user.userId)).toBe(true);
    expect((await app.running.app.get(EventStore).readStream(`credits-${user.accountId}`)).length).toBe(1);
  });

  it('are not granted for a user who never registered', async () => {
    expect(await app.running.app.get(AccountOpening).forSignUp('123456789')).toBe(false);
  });
});
