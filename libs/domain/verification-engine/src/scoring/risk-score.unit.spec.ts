import { qualityFor, riskScore } from './risk-score';

const plain = { role: false, didYouMean: false, antiSpam: false, acceptsAllProvider: false };

describe('risk score', () => {
  it('puts a plain ok address in the good band', () => {
    const score = riskScore({ ...plain, result: 'ok' });
    expect(qualityFor('ok', score)).toBe('good');
  });

  it('moves an ok address with a likely typo into the risky band', () => {
    const score = riskScore({ ...plain, result: 'ok', didYouMean: true });
    expect(score).toBeGreaterThanOrEqual(30);
    expect(qualityFor('ok', score)).toBe('risky');
  });

  it.each(['catch_all', 'unknown'] as const)('rates %s as risky', (result) => {
    expect(qualityFor(result, riskScore({ ...plain, result }))).toBe('risky');
  });

  it.each(['invalid', 'disposable'] as const)('always rates %s as bad', (result) => {
    expect(qualityFor(result, riskScore({ ...plain, result }))).toBe('bad');
  });

  it('adds role, gateway and accept-all signals and stays within 0-100', () => {
    const base = riskScore({ ...plain, result: 'catch_all' });
    const loaded = riskScore({
      result: 'catch_all',
      role: true,
      didYouMean: true,
      antiSpam: true,
      acceptsAllProvider: true,
    });
    expect(loaded).toBeGreaterThan(base);
    expect(
      riskScore({ result: 'invalid', role: true, didYouMean: true, antiSpam: true, acceptsAllProvider: true }),
    ).toBe(100);
  });

  it('gives an error result no quality', () => {
    expect(qualityFor('error', 50)).toBe('');
  });
});
