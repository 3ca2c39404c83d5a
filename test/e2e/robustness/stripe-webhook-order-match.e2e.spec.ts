import { CheckoutService } from '@lib/billing';
import { CreditCatalogue } from '@lib/catalogue';
import { EventStore } from '@lib/eventstore';
import { signature, stripeEvent, WEBHOOK_SECRET } from '../../integration/payments/stripe-signature';
import { startTestApp, TestApp } from '../../support/test-app';
import { eventuallyBalance } from '../verify/verify-world';

/**
 * The Stripe webhook with signed bodies, as Stripe sends them, against the real app: no Stripe API is
 * called (the signature is checked locally), so orders are recorded straight into the event store as a
 * checkout records them, one placed with its PaymentIntent.
 */
describe('finding 12: the Stripe webhook credits only the order’s own payment, for its price in its currency', () => {
  let app: TestApp;
  let account: { accountId: string; apiKey: string };
  let events: EventStore;

  beforeAll(async () => {
    app = await startTestApp({
      PAYMENT_PROCESSOR: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    account = await app.createAccount(0);
    events = app.running.app.get(EventStore);
  });
  afterAll(() => app?.close());

  /** Package 1 ($10, 1,000 credits) ordered by the account and placed with PaymentIntent `intentId`. */
  async function placedOrder(intentId: string): Promise<string> {
    const orderId = app.running.app.get(CheckoutService).newOrderId();
    const quote = app.running.app.get(CreditCatalogue).quote(1, null, new Date().toISOString());
    const order = { ...quote, orderId, accountId: account.accountId, processor: 'stripe' as const };
    const at = new Date().toISOString();
    const common = { ...order, isAutoTopup: false, placedBy: 'e2e' };
    await events.appendToStream(
      `orders-${orderId}`,
      [
        { type: 'OrderQuoted', data: { ...common, quotedAt: at } },
        { type: 'OrderPlaced', data: { ...common, processorPaymentIntentId: intentId, placedAt: at } },
      ],
      'no_stream',
    );
    return orderId;
  }
  const succeeded = (eventId: string, intentId: string, orderId: string, amount = 1000, currency = 'usd') =>
    stripeEvent(eventId, 'payment_intent.succeeded', {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency,
      metadata: { orderId, accountId: account.accountId },
      status: 'succeeded',
      latest_charge: `ch_${eventId}`,
    });
  const deliver = async (payload: string) => {
    const answer = await fetch(`${app.url}/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature(payload) },
      body: payload,
    });
    return answer.status;
  };
  const orderEvents = async (orderId: string) => (await events.readStream(`orders-${orderId}`)).map((e) => e.type);

  it('acknowledges and ignores a success for one cent, in euros, or of another PaymentIntent naming the order', async () => {
    const orderId = await placedOrder('pi_e2e_mine');
    expect(await deliver(succeeded('evt_e2e_cent', 'pi_e2e_mine', orderId, 1))).toBe(200);
    expect(await deliver(succeeded('evt_e2e_eur', 'pi_e2e_mine', orderId, 1000, 'eur'))).toBe(200);
    expect(await deliver(succeeded('evt_e2e_other', 'pi_e2e_someone_elses', orderId))).toBe(200);
    expect(await orderEvents(orderId)).toEqual(['OrderQuoted', 'OrderPlaced']);
    expect((await app.request('GET', '/v1/credits/balance', { key: account.apiKey })).body.data.balance).toBe(0);
  });

  it('credits the order’s own payment of its price once', async () => {
    const orderId = await placedOrder('pi_e2e_paid');
    expect(await deliver(succeeded('evt_e2e_paid', 'pi_e2e_paid', orderId))).toBe(200);
    expect(await orderEvents(orderId)).toEqual(['OrderQuoted', 'OrderPlaced', 'OrderCompleted', 'OrderCredited']);
    expect(await eventuallyBalance(app, account.apiKey, 1000)).toMatchObject({ balance: 1000 });
  });
});
