import { deciderSpec, decidedHistory } from '@lib/common/testing';
import type { VerificationResultName, VerificationVerdict } from '@lib/verification-engine';
import {
  verificationCharge,
  verificationRecordDecider,
  type RecordBatchVerification,
  type RecordSingleVerification,
} from './verification-record.decider';
import type { BatchVerified, EmailVerified } from './verification.events';
import { aVerdict } from '../../../../../test/support/verdicts';

const verdict = (email: string, result: VerificationResultName): VerificationVerdict => ({
  email,
  normalized: email.toLowerCase(),
  canonical: email.toLowerCase(),
  domain: 'acme.test',
  ...aVerdict({ result, resultCode: 1, subResult: result }),
  executionMs: 12.4,
  smtp: { code: 250, mxHost: 'mx.acme.test' },
});

const call = {
  verificationId: 'v-1',
  accountId: 'acc_1',
  keyId: 'key_1',
  creditsRemaining: 9,
  at: '2026-01-01T00:00:00.000Z',
};
const single = (result: VerificationResultName): RecordSingleVerification => ({
  type: 'RecordSingleVerification',
  ...call,
  verdict: verdict('jane@acme.test', result),
});
const batch = (emails: string[], verdicts: VerificationVerdict[]): RecordBatchVerification => ({
  type: 'RecordBatchVerification',
  ...call,
  emails,
  verdicts,
});

const given = deciderSpec(verificationRecordDecider);

describe('verification record', () => {
  describe('a single verification', () => {
    it('records the verdict and the result as answered, charged by the price list', () => {
      const [event] = given([]).when(single('ok')).events() as EmailVerified[];
      expect(event).toEqual({
        type: 'EmailVerified',
        data: {
          verificationId: 'v-1',
          accountId: 'acc_1',
          keyId: 'key_1',
          verdict: verdict('jane@acme.test', 'ok'),
          result: expect.objectContaining({
            email: 'jane@acme.test',
            result: 'ok',
            creditsCharged: 1,
            creditsRemaining: 9,
          }),
          at: '2026-01-01T00:00:00.000Z',
        },
      });
      // The answer leaves the diagnostics out and rounds the time.
      expect(event.data.result).not.toHaveProperty('smtp');
      expect(event.data.result.executionMs).toBe(12);
    });

    it.each<[VerificationResultName, number]>([
      ['ok', 1],
      ['invalid', 1],
      ['catch_all', 1],
      ['disposable', 1],
      ['unknown', 0],
      ['error', 0],
    ])('charges %s %i', (result, charge) => {
      const [event] = given([]).when(single(result)).events() as EmailVerified[];
      expect(event.data.result.creditsCharged).toBe(charge);
      expect(verificationCharge([event.data.verdict])).toBe(charge);
    });
  });

  describe('a batch', () => {
    const emails = ['Jane@acme.test', 'bob@acme.test', 'jane@acme.test ', 'lost@acme.test'];
    const verdicts = [
      verdict('Jane@acme.test', 'ok'),
      verdict('bob@acme.test', 'invalid'),
      verdict('lost@acme.test', 'unknown'),
    ];

    it('answers every position, the first of each address carrying its charge, and counts them all', () => {
      const [event] = given([]).when(batch(emails, verdicts)).events() as BatchVerified[];
      expect(event.type).toBe('BatchVerified');
      expect(event.data.emails).toEqual(emails);
      expect(event.data.verdicts).toEqual(verdicts);
      expect(event.data.results.map((r) => [r.email, r.result, r.creditsCharged])).toEqual([
        ['Jane@acme.test', 'ok', 1],
        ['bob@acme.test', 'invalid', 1],
        ['jane@acme.test', 'ok', 0],
        ['lost@acme.test', 'unknown', 0],
      ]);
      expect(event.data.summary).toEqual({
        total: 4,
        valid: 2,
        invalid: 1,
        catchAll: 0,
        unknown: 1,
        disposable: 0,
        error: 0,
        creditsCharged: 2,
        creditsRemaining: 9,
      });
      expect(verificationCharge(verdicts)).toBe(event.data.summary.creditsCharged);
    });

    it('refuses verdicts that are not one per distinct address (a defect, not a request error)', () => {
      given([])
        .when(batch(emails, verdicts.slice(0, 2)))
        .thenThrows((error) => /3 distinct addresses cannot be recorded with 2 verdicts/.test(error.message));
    });
  });

  describe('when the verification is already recorded', () => {
    it('records nothing again, whatever the repeat says, and keeps the first record', () => {
      const history = decidedHistory(verificationRecordDecider, single('ok'));
      given(history).when(single('invalid')).then([]);
      given(history)
        .when(batch(['a@acme.test'], [verdict('a@acme.test', 'ok')]))
        .then([]);
      expect(given(history).state).toEqual({ status: 'Recorded', recorded: history[0] });
    });
  });
});
