import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { aggregateStream, EventStore, runCommand } from '@lib/eventstore';
import { paymentMethodsStream } from '../domain/payment-method.events';
import { PaymentMethodsCommand, paymentMethodsDecider, PaymentMethodsState } from '../domain/payment-methods.decider';

type WithoutMeta<C> = C extends unknown ? Omit<C, 'type' | 'accountId' | 'at'> : never;

/** The account's processor customer and saved payment method (event-sourced, one stream per account). */
@Injectable()
export class SavedPaymentMethods {
  constructor(
    private readonly events: EventStore,
    private readonly clock: Clock,
  ) {}

  async state(accountId: string): Promise<PaymentMethodsState> {
    return (await aggregateStream(this.events, paymentMethodsStream(accountId), paymentMethodsDecider)).state;
  }

  /** Records the customer unless one is; the one recorded first stays. */
  async recordCustomer(accountId: string, customerId: string): Promise<string> {
    return (await this.run(accountId, 'RecordPaymentCustomer', { customerId })).customerId!;
  }

  async saveMethod(
    accountId: string,
    method: WithoutMeta<Extract<PaymentMethodsCommand, { type: 'SavePaymentMethod' }>>,
  ): Promise<PaymentMethodsState> {
    return this.run(accountId, 'SavePaymentMethod', method);
  }

  private async run(
    accountId: string,
    type: PaymentMethodsCommand['type'],
    fields: object,
  ): Promise<PaymentMethodsState> {
    const command = { type, accountId, at: this.clock.nowIso(), ...fields } as PaymentMethodsCommand;
    return (await runCommand(this.events, paymentMethodsStream(accountId), paymentMethodsDecider, command)).state;
  }
}
