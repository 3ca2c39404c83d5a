import type { Doc } from '../read-store.port';
import { documentProjection } from '../projection/document-projection';

export type Balance = Doc & { credits: number; events: number };

/**
 * Test fixture for the projection runner on any read store: folds credit events into a balance per
 * account (stream `credits-<account>`). Idempotent by the position each document keeps; counting the
 * events it applied makes a double-apply visible.
 */
export const balancesProjection = documentProjection<Balance>({
  name: 'balances',
  collection: 'balances',
  eventTypes: ['CreditsAdded', 'CreditsCharged'],
  documentId: (e) => e.streamId.slice('credits-'.length),
  evolve: (doc, e) => {
    const sign = e.type === 'CreditsAdded' ? 1 : -1;
    return { _id: '', credits: (doc?.credits ?? 0) + sign * e.data.amount, events: (doc?.events ?? 0) + 1 };
  },
});
