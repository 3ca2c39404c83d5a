import { publicRandomBytes } from './public-random';

describe('publicRandomBytes', () => {
  it('hands out each byte once, across refills of the pool', () => {
    // 1,000 IVs span three pools: no two alike, none overlapping another's memory.
    const ivs = Array.from({ length: 1000 }, () => publicRandomBytes(12));
    expect(new Set(ivs.map((iv) => iv.toString('hex'))).size).toBe(1000);
    const regions = ivs
      .map((iv) => ({ buffer: iv.buffer, from: iv.byteOffset, to: iv.byteOffset + iv.length }))
      .sort((a, b) => (a.buffer === b.buffer ? a.from - b.from : 0));
    for (let i = 1; i < regions.length; i++)
      if (regions[i].buffer === regions[i - 1].buffer)
        expect(regions[i].from).toBeGreaterThanOrEqual(regions[i - 1].to);
    expect(ivs.every((iv) => iv.length === 12)).toBe(true);
  });

  it('answers a size larger than its pool', () => {
    expect(publicRandomBytes(10_000)).toHaveLength(10_000);
  });
});
