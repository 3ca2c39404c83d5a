import { documentProjection } from '@lib/readstore';
import { AccountEvent } from '../domain/account.events';
import { accountDecider } from '../domain/account.decider';

export interface AccountDoc {
  _id: string;
  name: string;
  openedAt: string;
  _position?: number;
}

export const ACCOUNTS_COLLECTION = 'accounts';

export const accountsProjection = documentProjection<AccountDoc, AccountEvent>({
  name: 'accounts',
  collection: ACCOUNTS_COLLECTION,
  eventTypes: ['AccountOpened'],
  upcasters: accountDecider.upcasters,
  documentId: (event) => (event.type === 'AccountOpened' ? event.data.accountId : null),
  // Only AccountOpened reaches evolve (documentId ignores the rest); any other event leaves the document as it is.
  evolve: (doc, event) =>
    event.type === 'AccountOpened'
      ? { _id: event.data.accountId, name: event.data.name, openedAt: event.data.openedAt }
      : doc,
});
