import { EventStore, NewEvent } from '@lib/eventstore';
import { CrashPoint, CrashSwitch } from '../../support/harness/crash-points';
import { CrashingEventStore } from '../../support/harness/crashing-event-store';
import { startTestApp, TestApp } from '../../support/test-app';
import { signedInUser } from './dashboard-users';

const orderEvents = async (app: TestApp, accountId: string) =>
  (await app.running.app.get(EventStore).readAll({ eventTypes: ['OrderQuoted', 'OrderPlaced'] })).filter(
    (e) => e.data.accountId === accountId,
  );

const after = (type: string): CrashPoint => ({
  name: type,
  when: 'after',
  matches: (_: string, e: NewEvent) => e.type === type,
});

// Package 2 with promotion 1 (the default catalogue's launch offer, 10% bonus credits): the quote the retry must keep.
const PURCHASE = { packageId: 2, promotionId: 1 };

describe('checkout repeated under one Idempotency-Key', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ TRIAL_CREDITS: '0' });
  });
  afterAll(() => app.close());

  it('replays the first answer: the same order and payment, one order recorded', async () => {
    const owner = await signedInUser(app);
    const buy = () =>
      owner.browser.request('POST', '/dashboard/v1/billing/checkout', {
        body: PURCHASE,
        headers: { 'idempotency-key': 'buy-1' },
      });
    const first = await buy();
    const second = await buy();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await orderEvents(app, owner.user.accountId)).map((e) => e.type)).toEqual(['OrderQuoted', 'OrderPlaced']);
  });

  it('refuses the same key for another purchase (400 code 2002) and buys nothing', async () => {
    const owner = await signedInUser(app);
    await owner.browser.request('POST', '/dashboard/v1/billing/checkout', {
      body: PURCHASE,
      headers: { 'idempotency-key': 'buy-2' },
    });
    const other = await owner.browser.request('POST', '/dashboard/v1/billing/checkout', {
      body: { packageId: 1 },
      headers: { 'idempotency-key': 'buy-2' },
    });
    expect({ status: other.status, code: other.body.error.code }).toEqual({ status: 400, code: 2002 });
    expect(await orderEvents(app, owner.user.accountId)).toHaveLength(2);
  });
});

describe.each(['OrderQuoted', 'OrderPlaced'])('checkout retried after the request died after %s', (type) => {
  let app: TestApp;

  beforeAll(async () => {
    const crash = new CrashSwitch(after(type));
    app = await startTestApp(
      { TRIAL_CREDITS: '0' },
      { wrap: { eventStore: (store) => new CrashingEventStore(store, crash, false) } },
    );
  });
  afterAll(() => app.close());

  it('finishes the same order with the amounts first quoted, and makes no second order', async () => {
    const owner = await signedInUser(app);
    const buy = () =>
      owner.browser.request('POST', '/dashboard/v1/billing/checkout', {
        body: PURCHASE,
        headers: { 'idempotency-key': 'after-crash' },
      });
    const died = await buy();
    expect(died.status).toBe(500);
    const retried = await buy();
    expect(retried.status).toBe(201);
    const events = await orderEvents(app, owner.user.accountId);
    expect(events.map((e) => e.type)).toEqual(['OrderQuoted', 'OrderPlaced']);
    const [quoted, placed] = events.map((e) => e.data);
    expect(retried.body.data).toMatchObject({
      orderId: quoted.orderId,
      status: 'Pending',
      processor: 'manual',
      processorPaymentIntentId: `manual_${quoted.orderId}`,
    });
    expect(placed).toMatchObject({
      orderId: quoted.orderId,
      finalAmountUsd: quoted.finalAmountUsd,
      bonusCredits: quoted.bonusCredits,
      unitPriceUsd: quoted.unitPriceUsd,
    });
    expect(quoted).toMatchObject({ finalAmountUsd: 40, bonusCredits: 500 });
  });
});
