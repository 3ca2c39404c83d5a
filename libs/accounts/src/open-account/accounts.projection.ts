import { documentProjection } from '@lib/readstore';

export interface AccountDoc {
  _id: string;
  name: string;
  openedAt: string;
  _position?: number;
}

export const ACCOUNTS_COLLECTION = 'accounts';

export const accountsProjection = documentProjection<AccountDoc>({
  name: 'accounts',
  collection: ACCOUNTS_COLLECTION,
  eventTypes: ['AccountOpened'],
  documentId: (event) => (event.data as { accountId: string }).accountId,
  evolve: (_doc, event) => {
    const data = event.data as { accountId: string; name: string; openedAt: string };
    return { _id: data.accountId, name: data.name, openedAt: data.openedAt };
  },
});
