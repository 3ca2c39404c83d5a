import type { Decider } from '@lib/common';

// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
/** A Stripe event fully handled: recorded after handling, so a delivery that died half-way is handled again. */
export type StripeEventHandled = {
  type: 'StripeEventHandled';
  data: { eventId: string; eventType: string; handledAt: string };
};

/** One stream per Stripe event id: its one event says the event was fully handled. */
export const stripeEventStream = (eventId: string): string => `stripe-events-${eventId}`;

export type RecordStripeEventHandled = {
  type: 'RecordStripeEventHandled';
  eventId: string;
  eventType: string;
  at: string;
};

/** A Stripe event is recorded as handled once: a concurrent delivery that handled it too records nothing more. */
export const stripeEventDecider: Decider<RecordStripeEventHandled, StripeEventHandled, { handled: boolean }> = {
  initialState: { handled: false },
  decide: ({ eventId, eventType, at }, state) =>
    state.handled ? [] : [{ type: 'StripeEventHandled', data: { eventId, eventType, handledAt: at } }],
  evolve: () => ({ handled: true }),
};
