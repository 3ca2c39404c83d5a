import { createHash } from 'node:crypto';
import { DomainError, type Decider } from '@lib/common';

// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
/** A payment (a processor's PaymentIntent id, or an operator's own reference) taken by the one order it pays for. */
export type PaymentReferenceClaimed = {
  type: 'PaymentReferenceClaimed';
  data: { paymentIntentId: string; orderId: string; accountId: string; claimedAt: string };
};

/** One stream per payment reference (hashed: a reference is free text up to 200 characters). */
export const paymentReferenceStream = (paymentIntentId: string): string =>
  `payment-references-${createHash('sha256').update(paymentIntentId).digest('hex')}`;

export type ClaimPaymentReference = {
  type: 'ClaimPaymentReference';
  paymentIntentId: string;
  orderId: string;
  accountId: string;
  at: string;
};

export type PaymentReferenceState = { claimedBy: string | null };

/**
 * One payment pays for one order: the first order to claim a reference has it (a claim repeated by that
 * order decides nothing), any other is refused, so an operator's retry or a concurrent duplicate cannot
 * record the same payment twice and grant its credits again.
 */
export const paymentReferenceDecider: Decider<ClaimPaymentReference, PaymentReferenceClaimed, PaymentReferenceState> = {
  initialState: { claimedBy: null },
  decide({ paymentIntentId, orderId, accountId, at }, state) {
    if (state.claimedBy === orderId) return [];
    if (state.claimedBy !== null)
      throw new DomainError(
        'PAYMENT_REFERENCE_TAKEN',
        `Payment ${paymentIntentId} is already recorded as order ${state.claimedBy}; it pays for one order only.`,
      );
    return [{ type: 'PaymentReferenceClaimed', data: { paymentIntentId, orderId, accountId, claimedAt: at } }];
  },
  evolve: (_state, event) => ({ claimedBy: event.data.orderId }),
};
