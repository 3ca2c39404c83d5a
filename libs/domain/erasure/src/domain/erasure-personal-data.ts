import { erasureScope, type PersonalDataPolicy } from '@lib/personal-data';
import type { ErasureRequested } from './erasure.events';

/**
 * An address erasure's request holds the address until the erasure is done: sealed under the erasure's own
 * scope (not the address's, which the erasure destroys first), so the workflow can still read it to clean
 * the stores, and nothing can once the workflow destroys that scope at the end.
 */
const erasureRequested: PersonalDataPolicy = {
  eventTypes: ['ErasureRequested'],
  split(raw) {
    const data = raw as ErasureRequested['data'];
    if (!data.address) return { clear: data, parts: [] };
    return {
      clear: { ...data, address: null },
      parts: [{ scopes: [erasureScope(data.accountId, data.erasureId)], value: data.address }],
    };
  },
  join(clear, [address]) {
    return { ...clear, address: (address as string | null | undefined) ?? null };
  },
};

/** The personal-data policies of erasure records. */
export const ERASURE_PERSONAL_DATA: PersonalDataPolicy[] = [erasureRequested];
