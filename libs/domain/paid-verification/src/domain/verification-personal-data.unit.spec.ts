import type { VerificationVerdict } from '@lib/verification-engine';
import { VERIFICATION_PERSONAL_DATA } from './verification-personal-data';
import type { BatchVerified, EmailVerified, RecordedResult } from './verification.events';

const [single, batch] = VERIFICATION_PERSONAL_DATA;
const at = '2026-11-28T10:00:00.000Z';

const verdict = (email: string): VerificationVerdict =>
  ({
    email,
    normalized: email,
    canonical: email.toLowerCase(),
    domain: 'example.com',
    result: 'ok',
    resultCode: 1,
    subResult: 'ok',
    didYouMean: null,
    executionMs: 12,
    smtp: { transcript: [`RCPT TO:<${email}>`, '250 2.1.5 Ok'] },
  }) as unknown as VerificationVerdict;
const result = (email: string): RecordedResult =>
  ({
    email,
    result: 'ok',
    didYouMean: null,
    creditsCharged: 1,
    creditsRemaining: 9,
    executionMs: 12,
  }) as RecordedResult;

const text = (value: unknown) => JSON.stringify(value).toLowerCase();

describe('verification personal data', () => {
  const emailVerified: EmailVerified['data'] = {
    verificationId: 'v1',
    accountId: '7',
    keyId: 'k1',
    verdict: verdict('Ada@Example.com'),
    result: result('Ada@Example.com'),
    at,
  };

  it('keeps no address in the clear part of a single verification, and seals it under the day and the address', () => {
    const { clear, parts } = single.split(emailVerified);
    expect(text(clear)).not.toContain('ada');
    expect(clear).toMatchObject({ verificationId: 'v1', accountId: '7', result: { result: 'ok', creditsCharged: 1 } });
    expect(parts).toHaveLength(1);
    expect(parts[0].scopes).toEqual(['account:7:calls:2026-11-28', { accountId: '7', address: 'Ada@Example.com' }]);
  });

  it('joins a single verification back key for key, in order', () => {
    const { clear, parts } = single.split(emailVerified);
    const joined = single.join(
      clear,
      parts.map((part) => JSON.parse(JSON.stringify(part.value))),
    );
    expect(JSON.stringify(joined)).toBe(JSON.stringify(emailVerified));
  });

  it('reads an erased single verification with null addresses, no SMTP transcript, and its charge intact', () => {
    const { clear } = single.split(emailVerified);
    const erased = single.join(clear, [null]) as EmailVerified['data'];
    expect(text(erased)).not.toContain('ada');
    expect(erased.result).toMatchObject({ email: null, didYouMean: null, result: 'ok', creditsCharged: 1 });
    expect(erased.verdict).not.toHaveProperty('smtp');
    expect(erased.verdict).toMatchObject({ email: null, normalized: null, canonical: null, result: 'ok' });
  });

  const batchVerified: BatchVerified['data'] = {
    verificationId: 'v2',
    accountId: '7',
    keyId: 'k1',
    emails: ['ada@example.com', 'grace@example.com', ' ADA@example.com '],
    verdicts: [verdict('ada@example.com'), verdict('grace@example.com')],
    results: [result('ada@example.com'), result('grace@example.com'), result(' ADA@example.com ')],
    summary: {
      total: 3,
      valid: 3,
      invalid: 0,
      catchAll: 0,
      unknown: 0,
      disposable: 0,
      error: 0,
      creditsCharged: 2,
      creditsRemaining: 8,
    },
    at,
  };

  it('seals a batch per distinct address, and joins it back as it was', () => {
    const { clear, parts } = batch.split(batchVerified);
    expect(text(clear)).not.toMatch(/ada|grace/);
    expect(parts.map((part) => part.scopes[1])).toEqual([
      { accountId: '7', address: 'ada@example.com' },
      { accountId: '7', address: 'grace@example.com' },
    ]);
    const joined = batch.join(
      clear,
      parts.map((part) => JSON.parse(JSON.stringify(part.value))),
    );
    expect(JSON.stringify(joined)).toBe(JSON.stringify(batchVerified));
  });

  it('erases one address of a batch at every position it holds, and keeps the others and the summary', () => {
    const { clear, parts } = batch.split(batchVerified);
    const erased = batch.join(clear, [null, parts[1].value]) as BatchVerified['data'];
    expect(erased.emails).toEqual([null, 'grace@example.com', null]);
    expect(erased.results.map((r) => r.email)).toEqual([null, 'grace@example.com', null]);
    expect(erased.verdicts.map((v) => v.email)).toEqual([null, 'grace@example.com']);
    expect(erased.summary).toEqual(batchVerified.summary);
    expect(text(erased)).not.toContain('ada');
  });
});
