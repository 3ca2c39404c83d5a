import { DomainError, type Decider } from '@lib/common';
import type { RetentionRange } from '@lib/config';
import type { RetentionCommand } from './retention.commands';
import type { RetentionEvent } from './retention.events';

export type RetentionState = {
  choice: { historyDays: number; jobFilesDays: number } | null;
  /** Every day scope already recorded as shredded, so a sweep after a crash destroys it without a second record. */
  enforced: ReadonlySet<string>;
};

function refuseOutside(kind: 'history' | 'jobFiles', days: number, range: RetentionRange): void {
  if (days < range.min || days > range.max)
    throw new DomainError(
      'RETENTION_OUT_OF_BOUNDS',
      `The ${kind === 'history' ? 'history' : 'job files'} retention must be between ${range.min} and ${range.max} days.`,
      undefined,
      { field: kind === 'history' ? 'historyDays' : 'jobFilesDays', min: range.min, max: range.max },
    );
}

/**
 * An account's retention: the choice (within the operator's bounds, which arrive in the command since they
 * are configuration) and what the worker shredded under it. Choosing the same again records nothing; an
 * enforcement records only the scopes not recorded before.
 */
export const retentionDecider: Decider<RetentionCommand, RetentionEvent, RetentionState> = {
  initialState: { choice: null, enforced: new Set() },
  decide(command, state) {
    if (command.type === 'ChooseRetention') {
      const { accountId, historyDays, jobFilesDays, bounds, chosenBy, at } = command;
      refuseOutside('history', historyDays, bounds.history);
      refuseOutside('jobFiles', jobFilesDays, bounds.jobFiles);
      if (state.choice?.historyDays === historyDays && state.choice.jobFilesDays === jobFilesDays) return [];
      return [{ type: 'RetentionChosen', data: { accountId, historyDays, jobFilesDays, chosenBy, chosenAt: at } }];
    }
    const scopes = command.scopes.filter((scope) => !state.enforced.has(scope));
    if (scopes.length === 0) return [];
    const { accountId, historyDays, at } = command;
    return [{ type: 'HistoryRetentionEnforced', data: { accountId, historyDays, scopes, enforcedAt: at } }];
  },
  evolve(state, event) {
    if (event.type === 'RetentionChosen') {
      const { historyDays, jobFilesDays } = event.data;
      return { ...state, choice: { historyDays, jobFilesDays } };
    }
    return { ...state, enforced: new Set([...state.enforced, ...event.data.scopes]) };
  },
};
