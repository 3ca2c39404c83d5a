import { deciderSpec } from '@lib/common/testing';
import { orderDecider } from './order.decider';
import { OrderCommand } from './order.commands';
import { OrderEvent } from './order.events';

const at = '2025-01-01T00:00:00.000Z';
const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: {
    orderId: '7',
    accountId: '1',
    packageId: 1,
    promotionId: null,
    creditsPurchased: 1000,
    bonusCredits: 0,
    totalCreditsAdded: 1000,
    amountUsd: 10,
    discountUsd: 0,
    finalAmountUsd: 10,
    unitPriceUsd: 0.01,
    processor: 'manual',
    processorPaymentIntentId: 'pi_7',
    isAutoTopup: false,
    placedBy: 'u',
    placedAt: at,
  },
};
const completed: OrderEvent = {
  type: 'OrderCompleted',
  data: { orderId: '7', accountId: '1', processorChargeId: 'ch_7', completedAt: at },
};
const failed: OrderEvent = {
  type: 'OrderFailed',
  data: { orderId: '7', accountId: '1', failureReason: 'card_declined', failedAt: at },
};

const given = deciderSpec(orderDecider);
const typesOf = (events: OrderEvent[]) => events.map((e) => e.type);
const complete: OrderCommand = { type: 'CompleteOrder', processorChargeId: 'ch_7', at };
const fail: OrderCommand = { type: 'FailOrder', failureReason: 'card_declined', at };
const credit: OrderCommand = { type: 'MarkOrderCredited', invoiceNumber: 'INV-000001', transactionId: 'order-7', at };

const {
  processorPaymentIntentId: _pi,
  placedAt: _at,
  ...quote
} = (placed as Extract<OrderEvent, { type: 'OrderPlaced' }>).data;
const quoted: OrderEvent = { type: 'OrderQuoted', data: { ...quote, quotedAt: at } };

describe('order', () => {
  it('is quoted once: a repeated checkout keeps the first price', () => {
    expect(typesOf(given([]).when({ type: 'QuoteOrder', order: quote, at }).events())).toEqual(['OrderQuoted']);
    expect(
      typesOf(
        given([quoted])
          .when({ type: 'QuoteOrder', order: { ...quote, finalAmountUsd: 99 }, at })
          .events(),
      ),
    ).toEqual([]);
  });

  it('is placed once, with the quoted amounts and the payment id', () => {
    given([quoted]).when({ type: 'PlaceOrder', processorPaymentIntentId: 'pi_7', at }).then([placed]);
    expect(
      typesOf(given([quoted, placed]).when({ type: 'PlaceOrder', processorPaymentIntentId: 'pi_other', at }).events()),
    ).toEqual([]);
  });

  it('refuses to place an order never quoted, and outcomes for an order without a payment yet', () => {
    given([])
      .when({ type: 'PlaceOrder', processorPaymentIntentId: 'pi_7', at })
      .thenThrows((error) => error.message.includes('Order not found.'));
    given([quoted])
      .when(complete)
      .thenThrows((error) => error.message.includes('Order not found.'));
    given([quoted])
      .when(fail)
      .thenThrows((error) => error.message.includes('Order not found.'));
  });

  it('completes a pending order once: a duplicate success decides nothing', () => {
    expect(typesOf(given([placed]).when(complete).events())).toEqual(['OrderCompleted']);
    expect(typesOf(given([placed, completed]).when(complete).events())).toEqual([]);
  });

  it('ignores a failure that arrives after the success (out of order)', () => {
    expect(typesOf(given([placed, completed]).when(fail).events())).toEqual([]);
  });

  it('fails a pending order once, and a later success of a retried payment still completes it', () => {
    expect(typesOf(given([placed]).when(fail).events())).toEqual(['OrderFailed']);
    expect(typesOf(given([placed, failed]).when(fail).events())).toEqual([]);
    expect(typesOf(given([placed, failed]).when(complete).events())).toEqual(['OrderCompleted']);
  });

  it('is marked credited only once, and only when completed', () => {
    expect(typesOf(given([placed]).when(credit).events())).toEqual([]);
    expect(typesOf(given([placed, completed]).when(credit).events())).toEqual(['OrderCredited']);
    const credited: OrderEvent = {
      type: 'OrderCredited',
      data: { orderId: '7', accountId: '1', invoiceNumber: 'INV-000001', transactionId: 'order-7', creditedAt: at },
    };
    expect(typesOf(given([placed, completed, credited]).when(credit).events())).toEqual([]);
  });
});
