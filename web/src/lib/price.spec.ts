import { perCredit, savingPercent } from './price';

describe('prices on the billing page', () => {
  it('finding 7: shows each tier its own price per credit, not $0.01 for all', () => {
    // Starter $10 / 1,000; Growth $40 / 5,500 (launch offer); Business $150 / 27,500; Scale $500 / 115,000.
    expect([0.01, 0.007273, 0.005455, 0.004348].map(perCredit)).toEqual(['$0.0100', '$0.0073', '$0.0055', '$0.0043']);
    expect(perCredit(0.00045)).toBe('$0.00045');
  });

  it('says how much cheaper a credit is than the dearest one', () => {
    expect(savingPercent(0.007273, 0.01)).toBe(27);
    expect(savingPercent(0.01, 0.01)).toBe(0);
  });
});
