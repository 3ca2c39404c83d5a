import { candidateWaves } from './candidate-probing';

describe('candidate waves', () => {
  it('asks the three likeliest candidates one at a time, then the rest two at a time', () => {
    expect(candidateWaves(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])).toEqual([
      ['a'],
      ['b'],
      ['c'],
      ['d', 'e'],
      ['f', 'g'],
      ['h'],
    ]);
  });

  it('keeps every candidate once and in order', () => {
    const candidates = Array.from({ length: 16 }, (_, i) => `c${i}`);
    expect(candidateWaves(candidates).flat()).toEqual(candidates);
    expect(candidateWaves([])).toEqual([]);
  });
});
