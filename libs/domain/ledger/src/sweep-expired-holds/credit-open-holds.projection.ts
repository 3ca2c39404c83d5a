import { documentProjection } from '@lib/readstore';
import { CreditLedgerEvent } from '../domain/credit-ledger.events';
import { creditLedgerDecider } from '../domain/credit-ledger.decider';

/** One document per hold still open; the expired-hold sweeper scans it oldest first. */
export interface OpenHoldDoc {
  _id: string;
  accountId: string;
  purpose: string;
  amount: number;
  heldAt: string;
  _position?: number;
}

export const CREDIT_OPEN_HOLDS_COLLECTION = 'credit_open_holds';

export const creditOpenHoldsProjection = documentProjection<OpenHoldDoc, CreditLedgerEvent>({
  name: 'credit-open-holds',
  collection: CREDIT_OPEN_HOLDS_COLLECTION,
  eventTypes: ['CreditsHeld', 'CreditsUsed', 'CreditHoldReleased'],
  upcasters: creditLedgerDecider.upcasters,
  documentId: (event) => ('holdId' in event.data ? event.data.holdId : null),
  replaces: (event) => event.type === 'CreditsHeld', // a hold id is opened once while open
  evolve: (_doc, event) => {
    if (event.type !== 'CreditsHeld') return null; // settled or released: the hold is gone
    return {
      _id: event.data.holdId,
      accountId: event.data.accountId,
      purpose: event.data.purpose,
      amount: event.data.amount,
      heldAt: event.data.at,
    };
  },
});
