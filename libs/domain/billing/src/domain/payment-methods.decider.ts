import { Decider } from '@lib/common';
import type { SavedPaymentMethod } from '../payment-processor.port';
import { PaymentMethodEvent } from './payment-method.events';

export type PaymentMethodsState = {
  customerId: string | null;
  saved: (SavedPaymentMethod & { setupIntentId: string; savedAt: string }) | null;
};
export type PaymentMethodsCommand =
  | { type: 'RecordPaymentCustomer'; accountId: string; customerId: string; at: string }
  | {
      type: 'SavePaymentMethod';
      accountId: string;
      customerId: string;
      paymentMethodId: string;
      setupIntentId: string;
      at: string;
    };

/**
 * An account's processor customer and saved payment method. The customer is recorded once; a setup
 * reported twice (the confirmation and its webhook, a redelivered webhook) saves its method once.
 */
export const paymentMethodsDecider: Decider<PaymentMethodsCommand, PaymentMethodEvent, PaymentMethodsState> = {
  initialState: { customerId: null, saved: null },
  decide(command, state) {
    if (command.type === 'RecordPaymentCustomer') {
      if (state.customerId) return [];
      return [
        {
          type: 'PaymentCustomerCreated',
          data: { accountId: command.accountId, customerId: command.customerId, createdAt: command.at },
        },
      ];
    }
    if (state.saved?.setupIntentId === command.setupIntentId) return [];
    const { type: _type, at, ...data } = command;
    return [{ type: 'PaymentMethodSaved', data: { ...data, savedAt: at } }];
  },
  evolve(state, event) {
    if (event.type === 'PaymentCustomerCreated') return { ...state, customerId: event.data.customerId };
    const { customerId, paymentMethodId, setupIntentId, savedAt } = event.data;
    return {
      customerId: state.customerId ?? customerId,
      saved: { customerId, paymentMethodId, setupIntentId, savedAt },
    };
  },
};
