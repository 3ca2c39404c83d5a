import { deciderSpec } from '@lib/common/testing';
import { PaymentMethodEvent } from './payment-method.events';
import { paymentMethodsDecider } from './payment-methods.decider';

const at = '2025-01-01T00:00:00.000Z';
const later = '2025-01-02T00:00:00.000Z';
const customer: PaymentMethodEvent = {
  type: 'PaymentCustomerCreated',
  data: { accountId: '1', customerId: 'cus_1', createdAt: at },
};
const saved = (paymentMethodId: string, setupIntentId: string, savedAt = at): PaymentMethodEvent => ({
  type: 'PaymentMethodSaved',
  data: { accountId: '1', customerId: 'cus_1', paymentMethodId, setupIntentId, savedAt },
});
const save = (paymentMethodId: string, setupIntentId: string, when = at) =>
  ({
    type: 'SavePaymentMethod',
    accountId: '1',
    customerId: 'cus_1',
    paymentMethodId,
    setupIntentId,
    at: when,
  }) as const;

const given = deciderSpec(paymentMethodsDecider);

describe('payment methods', () => {
  it('records the processor customer once', () => {
    const record = { type: 'RecordPaymentCustomer', accountId: '1', customerId: 'cus_1', at } as const;
    given([]).when(record).then([customer]);
    given([customer])
      .when({ ...record, customerId: 'cus_2' })
      .then([]);
  });

  it('saves a set-up method once when its setup is reported twice', () => {
    given([customer])
      .when(save('pm_1', 'seti_1'))
      .then([saved('pm_1', 'seti_1')]);
    given([customer, saved('pm_1', 'seti_1')])
      .when(save('pm_1', 'seti_1', later))
      .then([]);
  });

  it('replaces the saved method with a later setup: the latest one is used', () => {
    given([customer, saved('pm_1', 'seti_1')])
      .when(save('pm_2', 'seti_2', later))
      .then([saved('pm_2', 'seti_2', later)]);
    expect(given([customer, saved('pm_1', 'seti_1'), saved('pm_2', 'seti_2', later)]).state).toEqual({
      customerId: 'cus_1',
      saved: { customerId: 'cus_1', paymentMethodId: 'pm_2', setupIntentId: 'seti_2', savedAt: later },
    });
  });

  it('takes the customer from a saved method when no customer event came first', () => {
    expect(given([saved('pm_1', 'seti_1')]).state.customerId).toBe('cus_1');
  });
});
