import { deciderSpec, decidedHistory } from '@lib/common/testing';
import { finderBatchDecider, type RecordBatchAnswer } from './finder-batch.decider';
import type { AnsweredBatch, AnsweredBatchItem } from './finder-batch.events';

const found = (index: number, email: string, creditsCharged: number): AnsweredBatchItem => ({
  index,
  input: { firstName: 'Jane', lastName: 'Doe', domain: 'acme.test' },
  error: null,
  email,
  status: 'Found',
  quality: 'Good',
  result: 'Ok',
  reason: 'found',
  confidence: 92,
  provider: '',
  pattern: 'flast',
  executionMs: 40,
  creditsCharged,
});
const invalid = (index: number): AnsweredBatchItem => ({
  index,
  input: { firstName: '', lastName: '', domain: 'nowhere' },
  error: { code: 1301, message: 'domain: not a domain' },
});

const answer = (results: AnsweredBatchItem[], creditsCharged: number): AnsweredBatch => ({
  results,
  summary: { total: results.length, found: 2, notFound: 0, errors: 1, creditsCharged, creditsRemaining: 80 },
});
const record = (view: AnsweredBatch): RecordBatchAnswer => ({
  type: 'RecordBatchAnswer',
  batchId: 42,
  accountId: 'acc_1',
  view,
  at: '2026-01-01T00:00:00.000Z',
});

const given = deciderSpec(finderBatchDecider);

describe('finder batch answer', () => {
  // The same contact twice: looked up and charged once, the repeat carries 0; the invalid contact is free.
  const view = answer([found(0, 'jdoe@acme.test', 10), found(1, 'jdoe@acme.test', 0), invalid(2)], 10);

  it('records the answer as sent, charging what its summary says', () => {
    given([])
      .when(record(view))
      .then([
        {
          type: 'FinderBatchAnswered',
          data: { batchId: 42, accountId: 'acc_1', creditsCharged: 10, view, at: '2026-01-01T00:00:00.000Z' },
        },
      ]);
  });

  it('refuses an answer whose items do not add up to its summary (a defect: the charge would have no reason)', () => {
    const overcharged = answer([found(0, 'jdoe@acme.test', 10), found(1, 'jdoe@acme.test', 10), invalid(2)], 10);
    given([])
      .when(record(overcharged))
      .thenThrows((error) => /its items charge 20, its summary 10/.test(error.message));
  });

  it('records nothing again once answered, and keeps the first answer', () => {
    const history = decidedHistory(finderBatchDecider, record(view));
    given(history)
      .when(record(answer([invalid(0)], 0)))
      .then([]);
    expect(given(history).state).toEqual({ status: 'Answered', answered: history[0] });
  });
});
