import type { OrderState } from './order.decider';
import { reportedPaymentMismatch } from './reported-payment';

const quote = {
  orderId: '42',
  accountId: '7',
  processor: 'stripe' as const,
  isAutoTopup: false,
  placedBy: 'u1',
  packageId: 1,
  finalAmountUsd: 10,
};
const quoted = { status: 'quoted', quote: { ...quote, quotedAt: '2026-01-01T00:00:00Z' } } as unknown as OrderState;
const pending = {
  status: 'pending',
  order: { ...quote, processorPaymentIntentId: 'pi_1', placedAt: '2026-01-01T00:00:00Z' },
  credited: false,
  completedAt: null,
  processorChargeId: null,
  failureReason: null,
} as unknown as OrderState;
const paid = { paymentIntentId: 'pi_1', amountCents: 1000, currency: 'usd' };

describe('finding 12: a reported payment must be the order’s own, for its price in its currency', () => {
  it('accepts the order’s PaymentIntent for exactly its price in USD (any case)', () => {
    expect(reportedPaymentMismatch(pending, paid)).toBeNull();
    expect(reportedPaymentMismatch(pending, { ...paid, currency: 'USD' })).toBeNull();
  });

  it.each([
    ['another PaymentIntent', { ...paid, paymentIntentId: 'pi_2' }, /not the order's/],
    ['another amount', { ...paid, amountCents: 999 }, /paid 999 cents, the order costs 1000/],
    ['another currency', { ...paid, currency: 'eur' }, /paid in eur/],
  ])('refuses %s', (_what, payment, reason) => {
    expect(reportedPaymentMismatch(pending, payment)).toMatch(reason);
  });

  it('judges an order only quoted (no payment id recorded yet) by its price and currency', () => {
    expect(reportedPaymentMismatch(quoted, { ...paid, paymentIntentId: 'pi_any' })).toBeNull();
    expect(reportedPaymentMismatch(quoted, { ...paid, amountCents: 1 })).toMatch(/costs 1000/);
  });
});
