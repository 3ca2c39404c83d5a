import { CREDIT_ORDERS_COLLECTION, CreditOrderDoc, OrderRecoverySweeper } from '@lib/billing/testing';
import { EventStore, NewEvent } from '@lib/eventstore';
import { ReadStore } from '@lib/readstore';
import { CrashSwitch } from '../../support/harness/crash-points';
import { CrashingEventStore } from '../../support/harness/crashing-event-store';
import { projected } from '../../support/harness/redelivery-harness';
import { FakeClock } from '@lib/common/testing';
import { ADMIN_TOKEN, startTestApp, TestApp } from '../../support/test-app';
import { signedInUser } from '../dashboard/dashboard-users';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/**
 * An order left completed and uncredited by a process killed half-way, with nothing to repeat it (an
 * operator's confirmation that answered 500 and was not retried): the worker's recovery sweep credits it
 * once the order is older than ORDER_RECOVERY_AFTER_SECONDS, and never twice.
 */
describe('order recovery sweep', () => {
  let app: TestApp;
  const clock = FakeClock.running();

  beforeAll(async () => {
    const crash = new CrashSwitch({
      name: 'the first OrderCompleted',
      when: 'after',
      matches: (_: string, e: NewEvent) => e.type === 'OrderCompleted',
    });
    app = await startTestApp(
      { TRIAL_CREDITS: '0', ORDER_RECOVERY_AFTER_SECONDS: '600' },
      { clock, wrap: { eventStore: (s) => new CrashingEventStore(s, crash, false) } },
    );
  });
  afterAll(() => app.close());

  const orderDoc = (orderId: string) =>
    app.running.app.get(ReadStore).collection<CreditOrderDoc>(CREDIT_ORDERS_COLLECTION).get(orderId);
  const ledger = async (accountId: string) =>
    (await app.running.app.get(EventStore).readStream(`credits-${accountId}`))
      .filter((e) => e.type === 'CreditsAdded')
      .map((e) => e.data.amount);

  it('credits an order whose confirmation died after OrderCompleted, once, and leaves an undecided manual order Pending', async () => {
    const owner = await signedInUser(app);
    const buy = async () =>
      (await owner.browser.request('POST', '/dashboard/v1/billing/checkout', { body: { packageId: 1 } })).body.data
        .orderId as string;
    const paid = await buy();
    const undecided = await buy();
    expect((await app.request('POST', `/admin/v1/orders/${paid}/confirm`, { headers: admin })).status).toBe(500);
    expect(await projected(async () => (await orderDoc(paid))?.status, 2)).toBe(2);
    expect(await ledger(owner.user.accountId)).toEqual([]);

    const sweeper = app.running.app.get(OrderRecoverySweeper);
    expect(await sweeper.sweepOnce()).toEqual({ examined: 0, completed: 0, failed: 0, credited: 0 }); // too young yet
    clock.advance(601_000);
    expect(await sweeper.sweepOnce()).toMatchObject({ credited: 1, completed: 0, failed: 0 });
    expect(await ledger(owner.user.accountId)).toEqual([1_000]);
    const credited = await projected(async () => (await orderDoc(paid))?.invoiceNumber, 'INV-000001');
    expect(credited).toBe('INV-000001');

    // Swept again, confirmed again by the operator: nothing more.
    expect(await sweeper.sweepOnce()).toMatchObject({ credited: 0, completed: 0, failed: 0 });
    expect((await app.request('POST', `/admin/v1/orders/${paid}/confirm`, { headers: admin })).status).toBe(200);
    expect(await ledger(owner.user.accountId)).toEqual([1_000]);
    expect((await orderDoc(undecided))?.status).toBe(1);
  });
});
