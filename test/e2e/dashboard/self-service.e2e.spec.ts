import { eventually } from '@lib/common/testing';
import { DashboardBrowser, tokenFromOutbox } from '../../support/dashboard-browser';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';
import { eventuallyBalance } from '../verify/verify-world';
import { signedInUser, uniqueEmail } from './dashboard-users';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** The orders once `done` holds of them, or what they are after 5 s (the caller's assertion then reports it). */
async function eventuallyOrders(browser: DashboardBrowser, done: (items: any[]) => boolean): Promise<any[]> {
  let items: any[] = [];
  await eventually(
    async () => {
      items = (await browser.request('GET', '/dashboard/v1/billing/orders')).body.data.items;
      expect(done(items)).toBe(true);
    },
    { intervalMs: 25 },
  ).catch(() => undefined);
  return items;
}

// The walk-through on the embedded adapters, with the manual payment processor.
describe('self-service from sign-up to a removed member', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ TRIAL_CREDITS: '100' });
  });
  afterAll(() => app.close());

  it('signs up, buys credits once, shares them with a member and cuts the member off at once', async () => {
    const owner = await signedInUser(app, uniqueEmail('owner'));
    const key = (await owner.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'prod' } })).body.data
      .apiKey;
    expect((await app.request('GET', '/v1/verify/single?email=not-an-address', { key })).status).toBe(200);
    expect(await eventuallyBalance(app, key, 99)).toMatchObject({ balance: 99 });

    // Buy Starter (1,000 credits) with the manual processor: Pending until the operator confirms.
    const checkout = await owner.browser.request('POST', '/dashboard/v1/billing/checkout', { body: { packageId: 1 } });
    expect(checkout.status).toBe(201);
    expect(checkout.body.data).toMatchObject({ status: 'Pending', processor: 'manual', clientSecret: null });
    const { orderId } = checkout.body.data;
    const pending = await eventuallyOrders(owner.browser, (items) => items.length === 1);
    expect(pending[0]).toMatchObject({ id: Number(orderId), status: 1, invoiceNumber: '', completedAt: null });

    // The operator confirms, twice and concurrently: the credits arrive once.
    const confirms = await Promise.all(
      Array.from({ length: 5 }, () => app.request('POST', `/admin/v1/orders/${orderId}/confirm`, { headers: admin })),
    );
    expect(confirms.map((c) => c.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await eventuallyBalance(app, key, 1_099)).toMatchObject({ balance: 1_099 });
    const completed = await eventuallyOrders(owner.browser, (items) => items[0]?.invoiceNumber !== '');
    expect(completed[0]).toMatchObject({
      id: Number(orderId),
      status: 2,
      failureReason: null,
      packageId: 1,
      creditsPurchased: 1_000,
      bonusCredits: 0,
      totalCreditsAdded: 1_000,
      amountUsd: 10,
      discountUsd: 0,
      finalAmountUsd: 10,
      unitPriceUsd: 0.01,
      processorPaymentIntentId: `manual_${orderId}`,
      processorChargeId: `manual_ch_${orderId}`,
      invoiceNumber: expect.stringMatching(/^INV-\d{6}$/),
      isAutoTopup: false,
      completedAt: expect.any(String),
    });

    // A second order the customer never pays fails with its reason and adds nothing.
    const unpaid = (
      await owner.browser.request('POST', '/dashboard/v1/billing/checkout', { body: { packageId: 2, promotionId: 1 } })
    ).body.data;
    await app.request('POST', `/admin/v1/orders/${unpaid.orderId}/fail`, {
      headers: admin,
      body: { reason: 'Bank transfer never arrived' },
    });
    const failed = await eventuallyOrders(owner.browser, (items) => items.some((o) => o.status === 3));
    expect(failed.find((o) => o.id === Number(unpaid.orderId))).toMatchObject({
      status: 3,
      failureReason: 'Bank transfer never arrived',
      invoiceNumber: '',
      bonusCredits: 500,
    });
    expect((await app.request('GET', '/v1/credits/balance', { key })).body.data.balance).toBe(1_099);

    // A member joins, spends the owner's credits with their own key, and is removed.
    const memberEmail = uniqueEmail('member');
    await owner.browser.request('POST', '/dashboard/v1/team/invites', { body: { email: memberEmail, role: 'member' } });
    const member = await signedInUser(app, memberEmail);
    await member.browser.request('POST', '/dashboard/v1/team/invites/accept', {
      body: { token: await tokenFromOutbox(app.dataDir, memberEmail, '/accept-invite') },
    });
    const memberKey = (await member.browser.request('POST', '/dashboard/v1/keys', { body: { label: 'member' } })).body
      .data.apiKey;
    expect((await app.request('GET', '/v1/verify/single?email=still-not-an-address', { key: memberKey })).status).toBe(
      200,
    );
    expect(await eventuallyBalance(app, key, 1_098)).toMatchObject({ balance: 1_098 });
    expect(
      (await member.browser.request('POST', '/dashboard/v1/billing/checkout', { body: { packageId: 1 } })).status,
    ).toBe(403);

    await owner.browser.request('DELETE', `/dashboard/v1/team/members/${member.user.userId}`);
    const refused = await app.request('GET', '/v1/verify/single?email=x', { key: memberKey });
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 401, code: 1102 });
  });

  it('numbers invoices in sequence without gaps, in the order orders completed', async () => {
    const owner = await signedInUser(app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await owner.browser.request('POST', '/dashboard/v1/billing/checkout', { body: { packageId: 1 } })).body.data
          .orderId,
      );
    await app.request('POST', `/admin/v1/orders/${ids[1]}/fail`, { headers: admin, body: { reason: 'declined' } });
    for (const id of [ids[2], ids[0]]) await app.request('POST', `/admin/v1/orders/${id}/confirm`, { headers: admin });
    const items = await eventuallyOrders(
      owner.browser,
      (list) => list.filter((o) => o.invoiceNumber !== '').length === 2,
    );
    const byId = new Map(items.map((o) => [String(o.id), o.invoiceNumber as string]));
    const second = Number(byId.get(ids[2])!.slice(4));
    expect(Number(byId.get(ids[0])!.slice(4))).toBe(second + 1);
    expect(byId.get(ids[1])).toBe('');
  });

  it('refuses to settle an unknown order', async () => {
    const res = await app.request('POST', '/admin/v1/orders/123/confirm', { headers: admin });
    expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 404, code: 2009 });
  });
});
