import type { Decider } from '@lib/common';
import type { AnsweredBatch, FinderBatchAnswered } from './finder-batch.events';

export type RecordBatchAnswer = {
  type: 'RecordBatchAnswer';
  batchId: number;
  accountId: string;
  /** The answer as it is sent: its summary's creditsCharged is what the batch costs. */
  view: AnsweredBatch;
  at: string;
};

export type FinderBatchState = { status: 'Unanswered' } | { status: 'Answered'; answered: FinderBatchAnswered };

/**
 * A batch's answer is recorded once, before its hold is settled, and charges what its items charge: the
 * first item of each distinct contact carries that contact's price, repeats and errors carry 0, so an answer
 * whose items do not add up to its summary's charge is a defect and is refused. A retried record of the same
 * batch changes nothing (the stream's one answer stands).
 */
export const finderBatchDecider: Decider<RecordBatchAnswer, FinderBatchAnswered, FinderBatchState> = {
  initialState: { status: 'Unanswered' },

  decide(command, state) {
    if (state.status === 'Answered') return [];
    const { batchId, accountId, view, at } = command;
    const itemCharges = view.results.reduce((sum, item) => sum + (item.error === null ? item.creditsCharged : 0), 0);
    if (itemCharges !== view.summary.creditsCharged)
      throw new Error(`batch ${batchId}: its items charge ${itemCharges}, its summary ${view.summary.creditsCharged}`);
    return [
      {
        type: 'FinderBatchAnswered',
        data: { batchId, accountId, creditsCharged: view.summary.creditsCharged, view, at },
      },
    ];
  },

  evolve: (_state, answered) => ({ status: 'Answered', answered }),
};
