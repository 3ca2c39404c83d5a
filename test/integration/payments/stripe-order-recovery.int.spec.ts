import { eventually, FakeClock } from '@lib/common/testing';
import { OrderRecoverySweeper } from '@lib/billing/testing';
import { startTestApp, TestApp } from '../../support/test-app';
import { signedInUser } from '../../e2e/dashboard/dashboard-users';
import { describeWithServers } from '../../support/cluster/servers';
import { StripePeer } from './stripe-peer';
import { WEBHOOK_SECRET } from './stripe-signature';

describeWithServers(['STRIPE_MOCK_URL'], 'Stripe orders whose webhook never came', (env) => {
  let app: TestApp;
  let stripe: StripePeer;
  const clock = FakeClock.running();

  beforeAll(async () => {
    stripe = await StripePeer.start(env.STRIPE_MOCK_URL);
    app = await startTestApp(
      {
        PAYMENT_PROCESSOR: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
        TRIAL_CREDITS: '0',
        ORDER_RECOVERY_AFTER_SECONDS: '600',
      },
      { clock },
    );
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  it('asks Stripe about a Pending order once it is old enough: a paid one completes and is credited once, an unpaid one stays Pending', async () => {
    const owner = await signedInUser(app);
    const key = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'k' } })).body.data.apiKey;
    const buy = async () =>
      (await owner.browser.request('POST', '/dashboard/v1/billing/checkout', { body: { packageId: 1 } })).body.data;
    const paid = await buy();
    const unpaid = await buy();
    stripe.succeedPayment(paid.processorPaymentIntentId);
    const orders = async () =>
      (await owner.browser.request('GET', '/dashboard/v1/billing/orders')).body.data.items as any[];
    await eventually(
      async () => {
        const items = await orders();
        expect(items.length === 2).toBe(true);
        return items;
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );

    clock.advance(601_000);
    const sweeper = app.running.app.get(OrderRecoverySweeper);
    expect(await sweeper.sweepOnce()).toMatchObject({ completed: 1, failed: 0, credited: 0 });
    expect(stripe.made('GET', `/v1/payment_intents/${paid.processorPaymentIntentId}`).length).toBeGreaterThan(0);
    const settled = await eventually(
      async () => {
        const items = await orders();
        expect(items.some((o) => o.status === 2 && o.invoiceNumber !== '')).toBe(true);
        return items;
      },
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(settled.find((o) => String(o.id) === paid.orderId)).toMatchObject({
      status: 2,
      processorChargeId: `ch_for_${paid.processorPaymentIntentId}`,
      invoiceNumber: expect.stringMatching(/^INV-/),
    });
    expect(settled.find((o) => String(o.id) === unpaid.orderId)).toMatchObject({ status: 1 });
    expect(await sweeper.sweepOnce()).toMatchObject({ completed: 0, credited: 0 });
    const balance = async () => (await app.request('GET', '/v1/credits/balance', { key })).body.data.balance as number;
    await eventually(async () => expect(await balance()).toBe(1_000), { timeoutMs: 10_000, intervalMs: 50 });
  });
});
