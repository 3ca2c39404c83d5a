import type { Decider } from '@lib/common';
import type { FinderOutcome } from './finder-outcome';
import type { FinderCallEvent, FinderCallInput, FinderCallSource } from './finder-call.events';
import { FINDER_CALL_UPCASTERS } from './finder-call.upcast';

/** What one finder call costs when it returns an address (the spec's price); a miss is free. */
export const FINDER_PRICE = 10;

/** Hold purposes of the finder endpoints (one of the ledger's HoldPurpose). */
export const FINDER_HOLD_PURPOSES = { single: 'finder', batch: 'finder_batch' } as const;

export type RecordFinderOutcome = {
  type: 'RecordFinderOutcome';
  findId: number;
  accountId: string;
  keyId: string;
  source: FinderCallSource;
  input: FinderCallInput;
  outcome: FinderOutcome;
  at: string;
};

export type FinderCallState = { status: 'Initial' } | { status: 'Recorded'; recorded: FinderCallEvent['data'] };

export const finderCallStream = (findId: number): string => `finder-${findId}`;

/** The price of an outcome: 10 when an address is returned, whatever its result; 0 on a miss. */
export const chargeForOutcome = (outcome: Pick<FinderOutcome, 'email'>): number => (outcome.email ? FINDER_PRICE : 0);

/** A finder call is recorded once; a retried record of the same call changes nothing. */
export const finderCallDecider: Decider<RecordFinderOutcome, FinderCallEvent, FinderCallState> = {
  initialState: { status: 'Initial' },
  upcasters: FINDER_CALL_UPCASTERS,

  decide(command, state) {
    if (state.status === 'Recorded') return [];
    const { type: _type, ...data } = command;
    const creditsCharged = chargeForOutcome(command.outcome);
    return [{ type: creditsCharged > 0 ? 'EmailFound' : 'EmailNotFound', data: { ...data, creditsCharged } }];
  },

  evolve: (_state, event) => ({ status: 'Recorded', recorded: event.data }),
};
