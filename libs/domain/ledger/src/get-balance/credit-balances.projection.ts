import { documentProjection } from '@lib/readstore';
import { heldTotal } from '../domain/credit-ledger.decider';
import { CreditLedgerEvent } from '../domain/credit-ledger.events';
import { CREDIT_LEDGER_EVENT_TYPES } from '../domain/credit-ledger.events';
import { creditLedgerDecider } from '../domain/credit-ledger.decider';

export interface CreditBalanceDoc {
  _id: string;
  balance: number;
  held: number;
  available: number;
  asOf: string;
  _position?: number;
}

export const CREDIT_BALANCES_COLLECTION = 'credit_balances';

export const creditBalancesProjection = documentProjection<CreditBalanceDoc, CreditLedgerEvent>({
  name: 'credit-balances',
  collection: CREDIT_BALANCES_COLLECTION,
  eventTypes: CREDIT_LEDGER_EVENT_TYPES,
  upcasters: creditLedgerDecider.upcasters,
  documentId: (event) => event.data.accountId,
  evolve: (_doc, event) => {
    const held = heldTotal(event.data.holdsAfter);
    return {
      _id: event.data.accountId,
      balance: event.data.balanceAfter,
      held,
      available: event.data.balanceAfter - held,
      asOf: event.data.at,
    };
  },
});
