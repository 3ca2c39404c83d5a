import { eventually } from '@lib/common/testing';
import { DashboardBrowser } from '../../support/dashboard-browser';
import { startTestApp, TestApp } from '../../support/test-app';
import { signedInUser } from '../../e2e/dashboard/dashboard-users';
import { CheckoutService } from '@lib/billing';
import { CreditCatalogue } from '@lib/catalogue';
import { NO_SAVED_PAYMENT_METHOD, stripeClient, StripePaymentProcessor } from '@lib/billing/testing';
import { EventStore } from '@lib/eventstore';
import { describeWithServers } from '../../support/cluster/servers';
import { signature, stripeEvent, WEBHOOK_SECRET } from './stripe-signature';

function intentEvent(
  id: string,
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  intentId: string,
  orderId: string,
  accountId?: string,
  paid: { amount?: number; currency?: string } = {},
): string {
  const failed = type === 'payment_intent.payment_failed';
  return stripeEvent(id, type, {
    id: intentId,
    object: 'payment_intent',
    amount: paid.amount ?? 1000,
    amount_received: failed ? 0 : (paid.amount ?? 1000),
    currency: paid.currency ?? 'usd',
    metadata: { orderId, ...(accountId ? { accountId } : {}) },
    status: failed ? 'requires_payment_method' : 'succeeded',
    latest_charge: failed ? null : `ch_${id}`,
    last_payment_error: failed ? { code: 'card_declined', message: 'Your card was declined.' } : null,
  });
}

describeWithServers(['STRIPE_MOCK_URL'], 'Stripe payments against stripe-mock', (env) => {
  let app: TestApp;
  let owner: { browser: DashboardBrowser };
  let key: string;

  const deliver = (payload: string, header = signature(payload)) =>
    fetch(`${app.url}/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
  const balance = async () => (await app.request('GET', '/v1/credits/balance', { key })).body.data.balance as number;
  const orderOf = async (orderId: string) =>
    (await owner.browser.request('GET', '/dashboard/v1/billing/orders')).body.data.items.find(
      (o: { id: number }) => o.id === Number(orderId),
    );

  /** An automatic top-up of package 1 whose request died after quoting it: the order is only quoted. */
  const quotedTopUp = async (accountId: string): Promise<string> => {
    const orderId = app.running.app.get(CheckoutService).newOrderId();
    const quote = app.running.app.get(CreditCatalogue).quote(1, null, new Date().toISOString());
    const data = { ...quote, orderId, accountId, processor: 'stripe', isAutoTopup: true, placedBy: 'auto-topup' };
    await app.running.app
      .get(EventStore)
      .appendToStream(
        `orders-${orderId}`,
        [{ type: 'OrderQuoted', data: { ...data, quotedAt: new Date().toISOString() } }],
        'no_stream',
      );
    return orderId;
  };
  const checkout = async () =>
    (await owner.browser.request('POST', '/dashboard/v1/billing/checkout', { body: { packageId: 1 } })).body.data;

  beforeAll(async () => {
    app = await startTestApp({
      PAYMENT_PROCESSOR: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: env.STRIPE_MOCK_URL,
      TRIAL_CREDITS: '0',
    });
    owner = await signedInUser(app);
    key = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'k' } })).body.data.apiKey;
  });
  afterAll(() => app?.close());

  it('creates a PaymentIntent through the Stripe library and records a Pending order with its id and client secret', async () => {
    const order = await checkout();
    expect(order).toMatchObject({
      status: 'Pending',
      processor: 'stripe',
      processorPaymentIntentId: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(/_secret_/),
    });
    expect(
      await eventually(
        async () => {
          const o = await orderOf(order.orderId);
          expect(!!o).toBe(true);
          return o;
        },
        { intervalMs: 25 },
      ),
    ).toMatchObject({ status: 1, processorPaymentIntentId: order.processorPaymentIntentId, finalAmountUsd: 10 });
  });

  it('refuses a bad, foreign or stale signature and changes nothing', async () => {
    const order = await checkout();
    const payload = intentEvent(
      'evt_bad_sig',
      'payment_intent.succeeded',
      order.processorPaymentIntentId,
      order.orderId,
    );
    const answers = await Promise.all([
      deliver(payload, signature(payload, 'whsec_someone_else')),
      deliver(payload, signature(payload + ' ')),
      deliver(payload, signature(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600)),
      deliver(payload, 'garbage'),
      fetch(`${app.url}/payments/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
      }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { code: number } }).error.code).toBe(2011);
    }
    expect((await orderOf(order.orderId)).status).toBe(1);
    expect(await balance()).toBe(0);
  });

  it('credits once for duplicate, concurrent and repeated success events, and ignores a failure that arrives after', async () => {
    const before = await balance();
    const order = await checkout();
    const succeeded = intentEvent(
      'evt_success_1',
      'payment_intent.succeeded',
      order.processorPaymentIntentId,
      order.orderId,
    );
    const first = await Promise.all(Array.from({ length: 8 }, () => deliver(succeeded)));
    expect(first.map((r) => r.status)).toEqual(Array(8).fill(200));
    const again = await deliver(succeeded);
    expect(((await again.json()) as { data: { duplicate: boolean } }).data.duplicate).toBe(true);
    // Stripe may also send a second event id for the same outcome.
    await deliver(
      intentEvent('evt_success_2', 'payment_intent.succeeded', order.processorPaymentIntentId, order.orderId),
    );
    await deliver(
      intentEvent('evt_late_failure', 'payment_intent.payment_failed', order.processorPaymentIntentId, order.orderId),
    );
    const settled = await eventually(
      async () => {
        const o = await orderOf(order.orderId);
        expect(o.invoiceNumber !== '').toBe(true);
        return o;
      },
      { intervalMs: 25 },
    );
    expect(settled).toMatchObject({
      status: 2,
      failureReason: null,
      processorChargeId: 'ch_evt_success_1',
      invoiceNumber: expect.stringMatching(/^INV-\d{6}$/),
    });
    await eventually(async () => expect(await balance()).toBe(before + 1_000), { intervalMs: 25 });
  });

  it('records a failure with its reason, and a later success of the retried payment still credits once', async () => {
    const before = await balance();
    const order = await checkout();
    await deliver(
      intentEvent('evt_fail_first', 'payment_intent.payment_failed', order.processorPaymentIntentId, order.orderId),
    );
    expect(
      await eventually(
        async () => {
          const o = await orderOf(order.orderId);
          expect(o.status === 3).toBe(true);
          return o;
        },
        { intervalMs: 25 },
      ),
    ).toMatchObject({ status: 3, failureReason: 'Your card was declined.', invoiceNumber: '' });
    expect(await balance()).toBe(before);
    await deliver(
      intentEvent('evt_retry_ok', 'payment_intent.succeeded', order.processorPaymentIntentId, order.orderId),
    );
    await deliver(
      intentEvent('evt_retry_ok', 'payment_intent.succeeded', order.processorPaymentIntentId, order.orderId),
    );
    expect(
      await eventually(
        async () => {
          const o = await orderOf(order.orderId);
          expect(o.status === 2).toBe(true);
          return o;
        },
        { intervalMs: 25 },
      ),
    ).toMatchObject({ status: 2, failureReason: null });
    await eventually(async () => expect(await balance()).toBe(before + 1_000), { intervalMs: 25 });
  });

  it('fails an off-session payment (automatic top-up) without a saved payment method at once, so the top-up fails loudly', async () => {
    const processor = new StripePaymentProcessor(
      stripeClient({ secretKey: 'sk_test_123', apiUrl: env.STRIPE_MOCK_URL }),
    );
    expect(
      await processor.createPayment({
        orderId: '1',
        accountId: '2',
        amountCents: 1000,
        description: 'auto',
        offSession: true,
        savedMethod: null,
      }),
    ).toEqual({
      paymentIntentId: '',
      clientSecret: null,
      outcome: { kind: 'failed', reason: NO_SAVED_PAYMENT_METHOD },
    });
    const onSession = await processor.createPayment({
      orderId: '3',
      accountId: '2',
      amountCents: 1000,
      description: 'checkout',
      offSession: false,
      savedMethod: null,
    });
    expect(onSession).toMatchObject({ paymentIntentId: expect.stringMatching(/^pi_/), outcome: { kind: 'pending' } });
  });

  it('records the payment of an order only quoted (its checkout died after creating the PaymentIntent) from the webhook, and credits it once', async () => {
    const buyer = await signedInUser(app);
    const buyerKey = (await buyer.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'k' } })).body.data
      .apiKey;
    const events = app.running.app.get(EventStore);
    const orderId = await quotedTopUp(buyer.user.accountId);
    const orderEvents = async () => (await events.readStream(`orders-${orderId}`)).map((e) => e.type);
    // Another account's payment naming this order changes nothing.
    expect(
      (
        await deliver(
          intentEvent('evt_quoted_foreign', 'payment_intent.succeeded', 'pi_foreign_quoted', orderId, '999999'),
        )
      ).status,
    ).toBe(200);
    expect(await orderEvents()).toEqual(['OrderQuoted']);
    const succeeded = intentEvent(
      'evt_quoted_ok',
      'payment_intent.succeeded',
      'pi_quoted',
      orderId,
      buyer.user.accountId,
    );
    expect((await deliver(succeeded)).status).toBe(200);
    await deliver(
      intentEvent('evt_quoted_ok_again', 'payment_intent.succeeded', 'pi_quoted', orderId, buyer.user.accountId),
    );
    const order = await eventually(
      async () => {
        const o = (await buyer.browser.request('GET', '/dashboard/v1/billing/orders')).body.data.items[0];
        expect(o?.invoiceNumber > '').toBe(true);
        return o;
      },
      { intervalMs: 25 },
    );
    expect(order).toMatchObject({
      id: Number(orderId),
      status: 2,
      isAutoTopup: true,
      processorPaymentIntentId: 'pi_quoted',
      processorChargeId: 'ch_evt_quoted_ok',
    });
    const buyerBalance = async () =>
      (await app.request('GET', '/v1/credits/balance', { key: buyerKey })).body.data.balance as number;
    await eventually(async () => expect(await buyerBalance()).toBe(1_000), { intervalMs: 25 });
    expect(await orderEvents()).toEqual(['OrderQuoted', 'OrderPlaced', 'OrderCompleted', 'OrderCredited']);
  });

  describe('finding 12: the Stripe webhook compares amount, currency and PaymentIntent id with the order before crediting', () => {
    it('credits nothing for a success of another amount, another currency or another PaymentIntent, and still credits the real one once', async () => {
      const before = await balance();
      const order = await checkout();
      const { processorPaymentIntentId: intentId, orderId } = order;
      const wrong = [
        intentEvent('evt_cheap', 'payment_intent.succeeded', intentId, orderId, undefined, { amount: 1 }),
        intentEvent('evt_eur', 'payment_intent.succeeded', intentId, orderId, undefined, { currency: 'eur' }),
        intentEvent('evt_other_intent', 'payment_intent.succeeded', 'pi_not_this_orders', orderId),
      ];
      for (const payload of wrong) expect((await deliver(payload)).status).toBe(200);
      expect(await orderOf(orderId)).toMatchObject({ status: 1, invoiceNumber: '' });
      expect(await balance()).toBe(before);
      // A failure of some other PaymentIntent does not fail this order either.
      await deliver(intentEvent('evt_other_failed', 'payment_intent.payment_failed', 'pi_not_this_orders', orderId));
      expect(await orderOf(orderId)).toMatchObject({ status: 1, invoiceNumber: '' });

      await deliver(intentEvent('evt_the_real_one', 'payment_intent.succeeded', intentId, orderId));
      expect(
        await eventually(
          async () => {
            const o = await orderOf(orderId);
            expect(o.invoiceNumber !== '').toBe(true);
            return o;
          },
          { intervalMs: 25 },
        ),
      ).toMatchObject({ status: 2, processorChargeId: 'ch_evt_the_real_one' });
      await eventually(async () => expect(await balance()).toBe(before + 1_000), { intervalMs: 25 });
    });

    it('does not place an order only quoted from a payment of another amount', async () => {
      const buyer = await signedInUser(app);
      const events = app.running.app.get(EventStore);
      const orderId = await quotedTopUp(buyer.user.accountId);
      const cheap = intentEvent(
        'evt_quoted_cheap',
        'payment_intent.succeeded',
        'pi_cheap',
        orderId,
        buyer.user.accountId,
        {
          amount: 50,
        },
      );
      expect((await deliver(cheap)).status).toBe(200);
      expect((await events.readStream(`orders-${orderId}`)).map((e) => e.type)).toEqual(['OrderQuoted']);
    });
  });

  it('acknowledges an event for an order it does not have, so Stripe stops retrying', async () => {
    const res = await deliver(intentEvent('evt_foreign', 'payment_intent.succeeded', 'pi_foreign', '99999'));
    expect(res.status).toBe(200);
  });
});
