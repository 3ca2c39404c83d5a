import { eventually, FakeClock } from '@lib/common/testing';
import { CreditLedger } from '@lib/ledger';
import { ExpiredHoldSweeper } from '@lib/ledger/testing';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';

describe('credits API', () => {
  let app: TestApp;
  // Holds expire by advancing this clock past CREDIT_HOLD_EXPIRY_SECONDS (which must outlive the longest paid call).
  const clock = FakeClock.running();
  beforeAll(async () => {
    app = await startTestApp({}, { clock });
  });
  afterAll(async () => {
    await app?.close();
  });

  const admin = (route: string, body: unknown) =>
    app.request('POST', route, { body, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  const balanceOf = (key: string, expected: number) =>
    eventually(
      async () => {
        const { data } = (await app.request('GET', '/v1/credits/balance', { key })).body;
        expect(data.balance).toBe(expected);
        return data;
      },
      { timeoutMs: 10_000, intervalMs: 25 },
    );

  it('lists packages and running promotions without an API key', async () => {
    const res = await app.request('GET', '/v1/credits/packages');
    expect(res.status).toBe(200);
    expect(res.body.data.packages).toHaveLength(4);
    expect(res.body.data.packages[0]).toEqual({
      id: 1,
      name: 'Starter',
      credits: 1000,
      bonusCredits: 0,
      priceUsd: 10,
      unitPriceUsd: 0.01,
      currency: 'USD',
      offer: { promotionId: null, totalCreditsAdded: 1000, finalAmountUsd: 10, pricePerCreditUsd: 0.01 },
    });
    // The launch offer is in Growth's offer: what its card, the auto top-up menu and a checkout give.
    expect(res.body.data.packages[1].offer).toEqual({
      promotionId: 1,
      totalCreditsAdded: 5500,
      finalAmountUsd: 40,
      pricePerCreditUsd: 0.007273,
    });
    expect(res.body.data.trialCredits).toEqual(expect.any(Number));
    expect(res.body.data.promotions).toEqual([
      expect.objectContaining({ id: 1, bonusPercent: 10, packageIds: [2, 3, 4] }),
    ]);
  });

  it('says how fresh the balance is', async () => {
    const { apiKey } = await app.createAccount(7);
    const data = await balanceOf(apiKey, 7);
    expect(data).toEqual({
      balance: 7,
      held: 0,
      available: 7,
      updatedAt: expect.any(String),
      asOf: expect.any(String),
      maxStalenessSeconds: 30,
    });
  });

  describe('orders', () => {
    it('records an order with its promotion, adds the credits and lists it with the spec fields', async () => {
      const { accountId, apiKey } = await app.createAccount(0);
      const placed = await admin(`/admin/v1/accounts/${accountId}/orders`, { packageId: 2, promotionId: 1 });
      expect(placed.status).toBe(201);
      const second = await admin(`/admin/v1/accounts/${accountId}/orders`, { packageId: 1 });
      // The one invoice sequence of every order path: gap-free, in the order orders completed.
      const invoiceNo = (order: { invoiceNumber: string }) => Number(/^INV-(\d{6})$/.exec(order.invoiceNumber)?.[1]);
      expect(invoiceNo(second.body.data)).toBe(invoiceNo(placed.body.data) + 1);
      await balanceOf(apiKey, 5000 + 500 + 1000);
      const orders = async (query: string) =>
        (await app.request('GET', `/v1/credits/orders?${query}`, { key: apiKey })).body.data;
      await eventually(async () =>
        expect((await orders('limit=10')).items.map((o: { invoiceNumber: string }) => o.invoiceNumber).sort()).toEqual([
          placed.body.data.invoiceNumber,
          second.body.data.invoiceNumber,
        ]),
      );
      const page = await app.request('GET', '/v1/credits/orders?limit=1&page=2', { key: apiKey });
      expect(page.body.data).toMatchObject({ page: 2, limit: 1, total: 2, totalPages: 2 });
      expect(page.body.data.items).toEqual([
        {
          id: placed.body.data.id,
          userId: Number(accountId),
          packageId: 2,
          promotionId: 1,
          creditsPurchased: 5000,
          bonusCredits: 500,
          totalCreditsAdded: 5500,
          amountUsd: 40,
          discountUsd: 0,
          finalAmountUsd: 40,
          unitPriceUsd: 0.008,
          processorPaymentIntentId: `manual_${placed.body.data.id}`,
          processorChargeId: `manual_${placed.body.data.id}`,
          status: 2,
          failureReason: null,
          invoiceNumber: placed.body.data.invoiceNumber,
          isAutoTopup: false,
          createdAt: expect.any(String),
          completedAt: expect.any(String),
        },
      ]);
      const added = await app.request('GET', '/v1/credits/transactions?type=Added', { key: apiKey });
      expect(added.body.data.items.map((t: { amount: number }) => t.amount)).toEqual([1000, 5500]);
    });

    it('still lists an order recorded before admin orders were numbered in sequence (INV-<orderId>), and numbering goes on', async () => {
      const { accountId, apiKey } = await app.createAccount(0);
      // What the operator's order path wrote before: straight into the ledger, numbered after its id.
      const oldId = '1700000000000001';
      await app.running.app.get(CreditLedger).grant(
        accountId,
        1000,
        0,
        {
          kind: 'order',
          orderId: oldId,
          packageId: 1,
          promotionId: null,
          amountUsd: 10,
          discountUsd: 0,
          finalAmountUsd: 10,
          unitPriceUsd: 0.01,
          invoiceNumber: `INV-${oldId}`,
          processorPaymentIntentId: `manual_${oldId}`,
          processorChargeId: `manual_${oldId}`,
          isAutoTopup: false,
          createdAt: '2026-01-05T10:00:00.000Z',
        },
        `order-${oldId}`,
      );
      const placed = await admin(`/admin/v1/accounts/${accountId}/orders`, { packageId: 1 });
      expect(placed.body.data.invoiceNumber).toMatch(/^INV-\d{6}$/);
      await balanceOf(apiKey, 2000);
      await eventually(async () => {
        const items = (await app.request('GET', '/v1/credits/orders?limit=10', { key: apiKey })).body.data.items;
        expect(
          items
            .map((o: { id: number; invoiceNumber: string; status: number }) => [
              String(o.id),
              o.invoiceNumber,
              o.status,
            ])
            .sort(),
        ).toEqual(
          [
            [oldId, `INV-${oldId}`, 2],
            [String(placed.body.data.id), placed.body.data.invoiceNumber, 2],
          ].sort(),
        );
      });
    });

    it.each([
      ['an unknown package', '', { packageId: 99 }, 404, 2005],
      ['a promotion that does not cover the package', '', { packageId: 1, promotionId: 1 }, 400, 2007],
      ['an unknown account', '999999', { packageId: 1 }, 404, 1105],
    ])('refuses %s', async (_name, forcedAccount, body, status, code) => {
      const accountId = forcedAccount || (await app.createAccount(0)).accountId;
      const res = await admin(`/admin/v1/accounts/${accountId}/orders`, body);
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
    });
  });

  describe('transactions', () => {
    let apiKey: string;
    beforeAll(async () => {
      const account = await app.createAccount(10);
      apiKey = account.apiKey;
      for (const amount of [5, -3, 2])
        await admin(`/admin/v1/accounts/${account.accountId}/adjustments`, { amount, reason: `fix ${amount}` });
      await balanceOf(apiKey, 14);
    });

    it('pages newest first with the total', async () => {
      const first = await app.request('GET', '/v1/credits/transactions?pageSize=3', { key: apiKey });
      expect(first.body.data).toMatchObject({ page: 1, pageSize: 3, total: 4, totalPages: 2 });
      expect(first.body.data.items.map((t: { amount: number }) => t.amount)).toEqual([2, -3, 5]);
      const second = await app.request('GET', '/v1/credits/transactions?pageSize=3&page=2', { key: apiKey });
      expect(second.body.data.items).toEqual([
        expect.objectContaining({ type: 'Added', amount: 10, balanceAfter: 10 }),
      ]);
    });

    it('filters by type', async () => {
      const res = await app.request('GET', '/v1/credits/transactions?type=Adjusted', { key: apiKey });
      expect(res.body.data.total).toBe(3);
      expect(res.body.data.items[0]).toMatchObject({
        type: 'Adjusted',
        description: 'Adjustment: fix 2',
        balanceAfter: 14,
      });
    });

    it.each([
      ['an unknown type', '?type=Refund', 2008],
      ['page 0', '?page=0', 1007],
      ['a negative page', '?page=-1', 1007],
      ['a pageSize over 100', '?pageSize=101', 1007],
    ])('refuses %s with 400', async (_name, query, code) => {
      const res = await app.request('GET', `/v1/credits/transactions${query}`, { key: apiKey });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(code);
    });

    it('refuses an order page limit over 100', async () => {
      const res = await app.request('GET', '/v1/credits/orders?limit=500', { key: apiKey });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(1007);
    });
  });

  it('refuses an adjustment that would take held or missing credits (400, code 2006)', async () => {
    const { accountId } = await app.createAccount(2);
    const res = await admin(`/admin/v1/accounts/${accountId}/adjustments`, { amount: -3, reason: 'too much' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(2006);
  });

  describe('when a request died between hold and settle', () => {
    // A chunk hold of a job still running is kept: test/e2e/redelivery/lost-chunk-message-sweep.e2e.spec.ts.
    it('the sweeper releases the stale verification hold and a chunk hold of a job that was never recorded', async () => {
      const { accountId, apiKey } = await app.createAccount(5);
      const ledger = app.running.app.get(CreditLedger);
      await ledger.hold(accountId, { holdId: 'crashed-1', amount: 3, purpose: 'verification', reference: 'crashed-1' });
      await ledger.hold(accountId, {
        holdId: 'job-1-chunk-0',
        amount: 1,
        purpose: 'job_chunk',
        reference: 'job:1:chunk:0',
      });
      clock.advance(app.config.credits.holdExpirySeconds * 1000 + 1000);
      // The sweeper reads the projected open holds (retried until they are there); the worker's own timer
      // may get there first; either way the outcome below must hold.
      await eventually(async () => {
        await app.running.app.get(ExpiredHoldSweeper).sweepOnce();
        expect(await ledger.current(accountId)).toMatchObject({ balance: 5, held: 0, available: 5 });
      });
      await eventually(async () => expect(await balanceOf(apiKey, 5)).toMatchObject({ held: 0 }));
    });
  });
});
