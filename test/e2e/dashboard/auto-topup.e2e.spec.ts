import { autoTopupSettingsStream } from '@lib/billing/testing';
import { EventStore } from '@lib/eventstore';
import { mailsArrived } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { eventuallyBalance } from '../verify/verify-world';
import { signedInUser } from './dashboard-users';

describe('automatic top-up', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ TRIAL_CREDITS: '100', MANUAL_PAYMENTS_AUTO_CONFIRM: 'true' });
  });
  afterAll(() => app.close());

  it('buys exactly one package when 50 concurrent charges take the balance below the threshold', async () => {
    const owner = await signedInUser(app);
    const key = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'k' } })).body.data.apiKey;
    const configured = await owner.browser.request('PUT', '/dashboard/v1/billing/auto-topup', {
      body: { enabled: true, thresholdCredits: 75, packageId: 1 },
    });
    expect(configured.body.data.settings).toEqual({ enabled: true, thresholdCredits: 75, packageId: 1 });

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => app.request('GET', `/v1/verify/single?email=not-an-address-${i}`, { key })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(50);
    // 100 trial - 50 charges + 1,000 from the one automatic order.
    expect(await eventuallyBalance(app, key, 1_050, 15_000)).toMatchObject({ balance: 1_050 });
    // A deliberate pause, not a wait for a condition: room for a second automatic order, if the threshold
    // crossing were acted on twice; the one order is already paid (the balance above).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const orders: Array<{ isAutoTopup: boolean; status: number; invoiceNumber: string }> = (
      await owner.browser.request('GET', '/dashboard/v1/billing/orders')
    ).body.data.items;
    expect(orders.map((o) => ({ auto: o.isAutoTopup, status: o.status }))).toEqual([{ auto: true, status: 2 }]);
    expect(await eventuallyBalance(app, key, 1_050)).toMatchObject({ balance: 1_050 });
  });

  it('finding 7: an automatic top-up adds what the catalogue offers for its package, promotion included', async () => {
    const owner = await signedInUser(app);
    const key = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'k' } })).body.data.apiKey;
    const growth = (await app.request('GET', '/v1/credits/packages')).body.data.packages.find(
      (p: { name: string }) => p.name === 'Growth',
    );
    // The default catalogue's launch offer: 10 % bonus credits on Growth.
    expect(growth.offer).toMatchObject({ promotionId: 1, totalCreditsAdded: 5_500, finalAmountUsd: 40 });
    await owner.browser.request('PUT', '/dashboard/v1/billing/auto-topup', {
      body: { enabled: true, thresholdCredits: 100, packageId: growth.id },
    });
    expect((await app.request('GET', '/v1/verify/single?email=not-an-address', { key })).status).toBe(200);
    expect(await eventuallyBalance(app, key, 99 + 5_500, 15_000)).toMatchObject({ balance: 99 + 5_500 });
  });

  it('refuses settings for an unknown package', async () => {
    const owner = await signedInUser(app);
    const res = await owner.browser.request('PUT', '/dashboard/v1/billing/auto-topup', {
      body: { enabled: true, thresholdCredits: 10, packageId: 999 },
    });
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 404, code: 2005 });
  });

  it('records a failed top-up and mails the owner once', async () => {
    const owner = await signedInUser(app);
    const key = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'k' } })).body.data.apiKey;
    // A package that left the catalogue after it was chosen: the purchase fails at the crossing.
    await app.running.app.get(EventStore).appendToStream(
      autoTopupSettingsStream(owner.user.accountId),
      [
        {
          type: 'AutoTopupConfigured',
          data: {
            enabled: true,
            thresholdCredits: 99,
            packageId: 999,
            accountId: owner.user.accountId,
            configuredBy: owner.user.userId,
            configuredAt: new Date().toISOString(),
          },
        },
      ],
      'any',
    );
    await Promise.all([1, 2, 3].map((i) => app.request('GET', `/v1/verify/single?email=nope-${i}`, { key })));
    const mails = await mailsArrived(app.dataDir, (m) => m.to.includes(owner.email) && /top-up failed/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Credit package not found');
    const failures = (await app.running.app.get(EventStore).readAll({ eventTypes: ['AutoTopupFailed'] })).filter(
      (e) => e.data.accountId === owner.user.accountId,
    );
    expect(failures).toHaveLength(1);
  });
});
