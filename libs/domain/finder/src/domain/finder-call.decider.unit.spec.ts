import { deciderSpec } from '@lib/common/testing';
import type { FinderOutcome } from './finder-outcome';
import { finderCallDecider, type RecordFinderOutcome } from './finder-call.decider';

const outcome = (email: string | null): FinderOutcome => ({
  email,
  status: email ? 'Found' : 'Not Found',
  quality: email ? 'Good' : null,
  result: email ? 'Ok' : null,
  reason: email ? 'found' : 'not_found',
  confidence: email ? 92 : 0,
  provider: '',
  probesUsed: 2,
  pattern: email ? 'flast' : null,
  executionMs: 40,
});

const record = (email: string | null): RecordFinderOutcome => ({
  type: 'RecordFinderOutcome',
  findId: 7,
  accountId: 'acc_1',
  keyId: 'key_1',
  source: { kind: 'single' },
  input: { firstName: 'Jane', lastName: 'Doe', domain: 'acme.test' },
  outcome: outcome(email),
  at: '2026-01-01T00:00:00.000Z',
});

const given = deciderSpec(finderCallDecider);

describe('finder call', () => {
  describe('when an address was returned', () => {
    it('records EmailFound with the full outcome and a charge of 10', () => {
      const [event] = given([]).when(record('jdoe@acme.test')).events();
      expect(event).toEqual({
        type: 'EmailFound',
        data: { ...record('jdoe@acme.test'), type: undefined, creditsCharged: 10 },
      });
    });
  });

  describe('when nothing was returned', () => {
    it('records EmailNotFound, free', () => {
      const [event] = given([]).when(record(null)).events();
      expect(event.type).toBe('EmailNotFound');
      expect(event.data.creditsCharged).toBe(0);
    });
  });

  describe('when the call is already recorded', () => {
    it('records nothing again, and its state is the first record (a retried record answers with it)', () => {
      const history = given([]).when(record('jdoe@acme.test')).events();
      given(history).when(record(null)).then([]);
      expect(given(history).state).toEqual({ status: 'Recorded', recorded: history[0].data });
    });
  });
});
