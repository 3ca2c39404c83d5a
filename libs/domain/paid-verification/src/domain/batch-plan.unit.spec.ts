import { planBatch, summarize } from './batch-plan';
import type { VerificationResultName } from '@lib/verification-engine';
import type { RecordedResult } from './verification.events';
import { aVerdict } from '../../../../../test/support/verdicts';

const result = (r: VerificationResultName, charged: number): RecordedResult => ({
  email: 'x@y.test',
  ...aVerdict({ result: r, resultCode: 0, quality: '', riskScore: 0 }),
  creditsCharged: charged,
  creditsRemaining: 5,
  executionMs: 1,
});

describe('batch plan', () => {
  it('probes each canonical address once and maps every position back to it', () => {
    const plan = planBatch(['A@Acme.test', 'b@acme.test', 'a@acme.test ', 'b@ACME.test']);
    expect(plan.unique).toEqual(['A@Acme.test', 'b@acme.test']);
    expect(plan.positionToUnique).toEqual([0, 1, 0, 1]);
  });

  it('treats gmail dot and plus variants as one address', () => {
    expect(planBatch(['john.doe@gmail.com', 'johndoe+news@gmail.com']).unique).toHaveLength(1);
  });

  it('keeps unparseable entries apart unless their text is equal', () => {
    expect(planBatch(['not an email', 'NOT AN EMAIL', 'other junk']).unique).toEqual(['not an email', 'other junk']);
  });
});

describe('batch summary', () => {
  it('counts every position and adds the charges', () => {
    const summary = summarize(
      [
        result('ok', 1),
        result('ok', 0),
        result('invalid', 1),
        result('catch_all', 1),
        result('unknown', 0),
        result('disposable', 1),
        result('error', 0),
      ],
      9,
    );
    expect(summary).toEqual({
      total: 7,
      valid: 2,
      invalid: 1,
      catchAll: 1,
      unknown: 1,
      disposable: 1,
      error: 1,
      creditsCharged: 4,
      creditsRemaining: 9,
    });
  });
});
