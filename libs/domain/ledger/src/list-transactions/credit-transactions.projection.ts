import { documentProjection } from '@lib/readstore';
import { balanceDelta, transactionType } from '../domain/ledger-audit';
import { CreditLedgerEvent } from '../domain/credit-ledger.events';
import type { TransactionView } from './list-transactions.query';
import { creditLedgerDecider } from '../domain/credit-ledger.decider';

/** One row of GET /v1/credits/transactions as stored. Holds are not transactions; their settlement is. */
export type CreditTransactionDoc = Omit<TransactionView, 'id'> & { _id: string; accountId: string; _position?: number };

export const CREDIT_TRANSACTIONS_COLLECTION = 'credit_transactions';

function describe(event: CreditLedgerEvent): Pick<CreditTransactionDoc, 'description' | 'purpose' | 'reference'> {
  switch (event.type) {
    case 'CreditsAdded':
      return event.data.source.kind === 'order'
        ? {
            description: `Order ${event.data.source.invoiceNumber}: ${event.data.amount} credits + ${event.data.bonus} bonus`,
            purpose: 'order',
            reference: event.data.source.orderId,
          }
        : { description: `Credit grant: ${event.data.source.reason}`, purpose: 'grant', reference: null };
    case 'CreditsAdjusted':
      return { description: `Adjustment: ${event.data.reason}`, purpose: 'adjustment', reference: null };
    case 'CreditsUsed':
      return {
        description: `${event.data.purpose} ${event.data.reference}`,
        purpose: event.data.purpose,
        reference: event.data.reference,
      };
    default:
      return { description: '', purpose: null, reference: null };
  }
}

export const creditTransactionsProjection = documentProjection<CreditTransactionDoc, CreditLedgerEvent>({
  name: 'credit-transactions',
  collection: CREDIT_TRANSACTIONS_COLLECTION,
  eventTypes: ['CreditsAdded', 'CreditsAdjusted', 'CreditsUsed'],
  upcasters: creditLedgerDecider.upcasters,
  documentId: (event) => ('transactionId' in event.data ? event.data.transactionId : null),
  // A transaction id is in a ledger once (the decider settles a hold once, grantOnce checks the log;
  // other ids are random), and no event changes a transaction after it is recorded.
  createsOnce: true,
  evolve: (_doc, event) => {
    const type = transactionType(event);
    if (!type || !('transactionId' in event.data)) return null;
    return {
      _id: event.data.transactionId,
      accountId: event.data.accountId,
      type,
      amount: balanceDelta(event),
      balanceAfter: event.data.balanceAfter,
      createdAt: event.data.at,
      ...describe(event),
    };
  },
});
