import type { VerificationVerdict } from '@lib/verification-engine';
import { splitForRetry } from './chunk-retry';
import { aVerdict } from '../../../../../test/support/verdicts';

const item = (email: string) => ({ email, canonical: email, firstRow: 1, rows: 1 });
const verdict = (result: VerificationVerdict['result'], retryAfterMs?: number) =>
  aVerdict({
    result,
    resultCode: 3,
    subResult: retryAfterMs ? 'greylisted' : null,
    quality: 'risky',
    riskScore: 50,
    retryAfterMs,
  }) as VerificationVerdict;
const NOW = Date.UTC(2025, 2, 1, 10);

describe('splitting a chunk for greylisting retries', () => {
  it('retries a temporary unknown after the delay of the next level and keeps the rest as final', () => {
    const outcome = splitForRetry(
      [item('a@x.test'), item('g@x.test'), item('u@x.test')],
      [verdict('ok'), verdict('unknown', 60_000), verdict('unknown')],
      0,
      [500, 900],
      NOW,
    );
    expect(outcome.results.map((r) => r.email)).toEqual(['a@x.test', 'u@x.test']);
    expect(outcome.retry).toEqual({
      items: [item('g@x.test')],
      level: 1,
      notBefore: new Date(NOW + 500).toISOString(),
    });
  });

  it('keeps a still-greylisted address as unknown once every configured delay has been used', () => {
    const outcome = splitForRetry([item('g@x.test')], [verdict('unknown', 60_000)], 2, [500, 900], NOW);
    expect(outcome.retry).toBeNull();
    expect(outcome.results[0].verdict).toMatchObject({ result: 'unknown', subResult: 'greylisted' });
  });
});
