import { Decider, DomainError } from '@lib/common';
import { OrderCommand } from './order.commands';
import { OrderEvent, OrderPlaced, OrderQuoted } from './order.events';

/**
 * An order paid through a processor: Quoted (its price fixed, its payment being created) -> Pending ->
 * Completed (credited once) or Failed. Processors deliver outcomes more than once and out of order, so
 * every transition is idempotent: quoting or placing twice decides nothing, completing a completed
 * order or failing a failed one decides nothing, a failure after the payment succeeded is ignored, and
 * a success after a failure (a retried payment) still completes it. A quoted order has no payment yet,
 * so outcomes for it are refused as for an unknown order.
 */
export type PlacedOrderState = {
  status: 'pending' | 'completed' | 'failed';
  order: OrderPlaced['data'];
  credited: boolean;
  completedAt: string | null;
  processorChargeId: string | null;
  failureReason: string | null;
};
export type OrderState = { status: 'none' } | { status: 'quoted'; quote: OrderQuoted['data'] } | PlacedOrderState;

export const orderStream = (orderId: string): string => `orders-${orderId}`;

function requirePlaced(state: OrderState): PlacedOrderState {
  if (state.status === 'none' || state.status === 'quoted') throw new DomainError('ORDER_NOT_FOUND');
  return state;
}

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'QuoteOrder':
        if (state.status !== 'none') return [];
        return [{ type: 'OrderQuoted', data: { ...command.order, quotedAt: command.at } }];
      case 'PlaceOrder': {
        if (state.status === 'none') throw new DomainError('ORDER_NOT_FOUND');
        if (state.status !== 'quoted') return [];
        const { quotedAt: _quotedAt, ...quote } = state.quote;
        return [
          {
            type: 'OrderPlaced',
            data: { ...quote, processorPaymentIntentId: command.processorPaymentIntentId, placedAt: command.at },
          },
        ];
      }
      case 'CompleteOrder': {
        const current = requirePlaced(state);
        if (current.status === 'completed') return [];
        return [
          {
            type: 'OrderCompleted',
            data: {
              orderId: current.order.orderId,
              accountId: current.order.accountId,
              processorChargeId: command.processorChargeId,
              completedAt: command.at,
            },
          },
        ];
      }
      case 'FailOrder': {
        const current = requirePlaced(state);
        if (current.status !== 'pending') return [];
        return [
          {
            type: 'OrderFailed',
            data: {
              orderId: current.order.orderId,
              accountId: current.order.accountId,
              failureReason: command.failureReason,
              failedAt: command.at,
            },
          },
        ];
      }
      case 'MarkOrderCredited': {
        const current = requirePlaced(state);
        if (current.status !== 'completed' || current.credited) return [];
        return [
          {
            type: 'OrderCredited',
            data: {
              orderId: current.order.orderId,
              accountId: current.order.accountId,
              invoiceNumber: command.invoiceNumber,
              transactionId: command.transactionId,
              creditedAt: command.at,
            },
          },
        ];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'OrderQuoted':
        return { status: 'quoted', quote: event.data };
      case 'OrderPlaced':
        // Orders placed before OrderQuoted existed start here.
        return {
          status: 'pending',
          order: event.data,
          credited: false,
          completedAt: null,
          processorChargeId: null,
          failureReason: null,
        };
      case 'OrderCompleted':
        return 'order' in state
          ? {
              ...state,
              status: 'completed',
              completedAt: event.data.completedAt,
              processorChargeId: event.data.processorChargeId,
              failureReason: null,
            }
          : state;
      case 'OrderFailed':
        return 'order' in state ? { ...state, status: 'failed', failureReason: event.data.failureReason } : state;
      case 'OrderCredited':
        return 'order' in state ? { ...state, credited: true } : state;
    }
  },
};
