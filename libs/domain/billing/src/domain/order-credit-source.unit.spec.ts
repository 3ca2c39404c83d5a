import { deciderSpec } from '@lib/common/testing';
import { orderCreditSource } from './order-credit-source';
import { orderDecider, PlacedOrderState } from './order.decider';
import { OrderEvent } from './order.events';

const at = '2025-01-01T00:00:00.000Z';
const history: OrderEvent[] = [
  {
    type: 'OrderPlaced',
    data: {
      orderId: '7',
      accountId: '1',
      packageId: 2,
      promotionId: 3,
      creditsPurchased: 1000,
      bonusCredits: 100,
      totalCreditsAdded: 1100,
      amountUsd: 10,
      discountUsd: 1,
      finalAmountUsd: 9,
      unitPriceUsd: 0.009,
      processor: 'stripe',
      processorPaymentIntentId: 'pi_7',
      isAutoTopup: true,
      placedBy: 'u',
      placedAt: at,
    },
  },
  { type: 'OrderCompleted', data: { orderId: '7', accountId: '1', processorChargeId: 'ch_7', completedAt: at } },
];

describe('the source of an order credit', () => {
  it('describes the order as CreditsAdded has always stored it, field for field and in that order', () => {
    const state = deciderSpec(orderDecider)(history).state as PlacedOrderState;
    expect(JSON.stringify(orderCreditSource(state, 'INV-000042'))).toBe(
      JSON.stringify({
        kind: 'order',
        orderId: '7',
        packageId: 2,
        promotionId: 3,
        amountUsd: 10,
        discountUsd: 1,
        finalAmountUsd: 9,
        unitPriceUsd: 0.009,
        invoiceNumber: 'INV-000042',
        processorPaymentIntentId: 'pi_7',
        processorChargeId: 'ch_7',
        isAutoTopup: true,
        createdAt: at,
      }),
    );
  });

  it('names no charge while the processor has not reported one', () => {
    const state = deciderSpec(orderDecider)(history.slice(0, 1)).state as PlacedOrderState;
    expect(orderCreditSource(state, 'INV-000042').processorChargeId).toBe('');
  });
});
