import { ANSWERABLE_SUB_RESULTS } from '../engine/result-mapping';
import { MAGIC_ADDRESSES, MAGIC_SLOW_MS, OUTSIDE_THE_TABLE } from './magic-addresses';
import { MAGIC_ERROR_NAMES } from './magic-errors';
import { MagicVerifier } from './magic-verifier';
import { magicOutcome } from './magic-verdict';

const verdictOf = (email: string, mode: 'interactive' | 'bulk' = 'interactive') => {
  const outcome = magicOutcome(email, mode);
  if (!('verdict' in outcome)) throw new Error(`${email} answered an error`);
  return outcome.verdict;
};

describe('test mode magic table', () => {
  describe.each(Object.entries(MAGIC_ADDRESSES))('the row %s@', (name, row) => {
    it(`answers ${row.result} / ${row.subResult} on any domain`, () => {
      for (const domain of ['acme.com', 'example.org']) {
        const verdict = verdictOf(`${name}@${domain}`);
        expect(verdict).toMatchObject({ result: row.result, subResult: row.subResult, domain });
        expect(verdict.retryAfterMs).toBe(row.retryAfterMs);
        expect(verdict.executionMs).toBe(row.delayMs ?? 0);
      }
    });

    it('reads `_` as `-`, any case and a +tag alike', () => {
      const variant = `${name.replace(/-/g, '_').toUpperCase()}+42@acme.com`;
      expect(verdictOf(variant)).toMatchObject({ result: row.result, subResult: row.subResult });
    });
  });

  it('answers every result and every subResult the live engine can answer', () => {
    for (const [result, subResults] of Object.entries(ANSWERABLE_SUB_RESULTS))
      for (const subResult of subResults)
        expect(Object.values(MAGIC_ADDRESSES).some((r) => r.result === result && r.subResult === subResult)).toBe(true);
  });

  it('sets the flags its rows name and computes the rest as live mode does', () => {
    expect(verdictOf('catch-all@acme.com')).toMatchObject({ catchAll: true, quality: 'risky' });
    expect(verdictOf('disposable@acme.com')).toMatchObject({ disposable: true, quality: 'bad' });
    expect(verdictOf('role@acme.com')).toMatchObject({ role: true });
    expect(verdictOf('valid@gmail.com')).toMatchObject({ result: 'ok', free: true, quality: 'good' });
    expect(verdictOf('anti-spam@acme.com')).toMatchObject({ antiSpam: true, provider: 'proofpoint' });
  });

  it('suggests a correction for a misspelled provider, as live mode does', () => {
    expect(verdictOf('valid@gmial.com')).toMatchObject({ result: 'ok', didYouMean: 'valid@gmail.com' });
  });

  it('answers bad syntax as invalid_syntax, before the table', () => {
    expect(verdictOf('valid@@acme.com')).toMatchObject({ result: 'invalid', subResult: 'invalid_syntax' });
  });

  it('answers an address outside the table unknown / cannot_verify, without a retry hint', () => {
    expect(verdictOf('jane.doe@acme.com')).toMatchObject({ result: 'unknown', subResult: 'cannot_verify' });
    expect(OUTSIDE_THE_TABLE.retryAfterMs).toBeUndefined();
  });

  describe.each([
    ['insufficient-credits', 402, 2001],
    ['insufficient-balance', 402, 2001],
    ['key-credit-cap', 402, 2018],
    ['too-many-requests', 429, 1201],
    ['service-unavailable', 503, 1008],
  ])('the error row %s@', (name, status, code) => {
    it(`answers ${status} (code ${code}) on an interactive call`, () => {
      const outcome = magicOutcome(`${name}@acme.com`, 'interactive');
      expect('error' in outcome && { status: outcome.error.status, code: outcome.error.code }).toEqual({
        status,
        code,
      });
    });

    it('reads as an address outside the table in a list', () => {
      expect(verdictOf(`${name}@acme.com`, 'bulk')).toMatchObject({ result: 'unknown', subResult: 'cannot_verify' });
    });
  });

  it('documents every error name', () => {
    expect(MAGIC_ERROR_NAMES).toEqual([
      'insufficient-credits',
      'insufficient-balance',
      'key-credit-cap',
      'too-many-requests',
      'service-unavailable',
    ]);
  });

  it('says Retry-After on its 429', () => {
    const outcome = magicOutcome('too-many-requests@acme.com', 'interactive');
    expect('error' in outcome && outcome.error.headers).toEqual({ 'Retry-After': '1' });
  });
});

describe('the magic verifier', () => {
  it('answers in order, reports progress, and waits for a slow row as long as it says', async () => {
    const waits: number[] = [];
    const verifier = new MagicVerifier(async (ms) => void waits.push(ms));
    const progress: number[][] = [];
    const verdicts = await verifier.verifyMany(['slow@acme.com', 'valid@acme.com'], {
      progress: (indexes) => progress.push(indexes),
    });
    expect(verdicts.map((v) => v.email)).toEqual(['slow@acme.com', 'valid@acme.com']);
    expect(waits).toEqual([MAGIC_SLOW_MS]);
    expect(progress).toEqual([[1], [0]]);
  });

  it('answers the first error row of a call instead of verdicts', async () => {
    const verifier = new MagicVerifier(async () => undefined);
    await expect(verifier.verifyMany(['valid@acme.com', 'too-many-requests@acme.com'])).rejects.toMatchObject({
      status: 429,
    });
  });
});
