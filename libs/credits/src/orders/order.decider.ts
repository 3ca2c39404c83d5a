import { Decider, DomainError } from '@lib/common';
import { OrderCommand } from './order.commands';
import { OrderEvent, OrderPlaced } from './order.events';

/**
 * An order paid through a processor: Pending -> Completed (credited once) or Failed. Processors
 * deliver outcomes more than once and out of order, so every transition is idempotent: completing a
 * completed order or failing a failed one decides nothing, a failure after the payment succeeded is
 * ignored, and a success after a failure (a retried payment) still completes it.
 */
export type OrderState =
  | { status: 'none' }
  | { status: 'pending' | 'completed' | 'failed'; order: OrderPlaced['data']; credited: boolean; completedAt: string | null; processorChargeId: string | null };

export const orderStream = (orderId: string): string => `orders-${orderId}`;

function requireOrder(state: OrderState): Exclude<OrderState, { status: 'none' }> {
  if (state.status === 'none') throw new DomainError('ORDER_NOT_FOUND');
  return state;
}

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: { status: 'none' },

  decide(command, state) {
    switch (command.type) {
      case 'PlaceOrder':
        if (state.status !== 'none') return [];
        return [{ type: 'OrderPlaced', data: { ...command.order, placedAt: command.at } }];
      case 'CompleteOrder': {
        const current = requireOrder(state);
        if (current.status === 'completed') return [];
        return [{ type: 'OrderCompleted', data: { orderId: current.order.orderId, accountId: current.order.accountId, processorChargeId: command.processorChargeId, completedAt: command.at } }];
      }
      case 'FailOrder': {
        const current = requireOrder(state);
        if (current.status !== 'pending') return [];
        return [{ type: 'OrderFailed', data: { orderId: current.order.orderId, accountId: current.order.accountId, failureReason: command.failureReason, failedAt: command.at } }];
      }
      case 'MarkOrderCredited': {
        const current = requireOrder(state);
        if (current.status !== 'completed' || current.credited) return [];
        return [{ type: 'OrderCredited', data: { orderId: current.order.orderId, accountId: current.order.accountId, invoiceNumber: command.invoiceNumber, transactionId: command.transactionId, creditedAt: command.at } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'OrderPlaced':
        return { status: 'pending', order: event.data, credited: false, completedAt: null, processorChargeId: null };
      case 'OrderCompleted':
        return state.status === 'none' ? state : { ...state, status: 'completed', completedAt: event.data.completedAt, processorChargeId: event.data.processorChargeId };
      case 'OrderFailed':
        return state.status === 'none' ? state : { ...state, status: 'failed' };
      case 'OrderCredited':
        return state.status === 'none' ? state : { ...state, credited: true };
    }
  },
};
