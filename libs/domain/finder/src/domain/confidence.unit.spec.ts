import { CONFIDENCE_BANDS, findConfidence, type FinderVerdict } from './confidence';

describe('finder confidence', () => {
  it.each<[FinderVerdict, number, number]>([
    ['ok', 0, 85],
    ['ok', 1, 99],
    ['catch_all', 0, 20],
    ['catch_all', 1, 75],
    ['unknown', 0, 10],
    ['unknown', 1, 50],
  ])('maps %s with belief %d to the band edge %d', (verdict, belief, expected) => {
    expect(findConfidence(verdict, belief)).toBe(expected);
  });

  it('puts the top prior pattern without evidence at 90 when verified and near 40 on a catch-all', () => {
    expect(findConfidence('ok', 0.361)).toBe(90);
    expect(findConfidence('catch_all', 0.361)).toBe(40);
  });

  it('puts last@, the one format a last name alone can reach, at the foot of the ok and catch-all bands', () => {
    expect(findConfidence('ok', 0.013)).toBe(85);
    expect(findConfidence('catch_all', 0.013)).toBe(21);
    expect(findConfidence('catch_all', 0.013)).toBeLessThan(findConfidence('catch_all', 0.182));
  });

  it('ranks ok above catch-all above unknown for the same belief', () => {
    for (const belief of [0, 0.2, 0.5, 0.9, 1]) {
      expect(findConfidence('ok', belief)).toBeGreaterThan(findConfidence('catch_all', belief));
      expect(findConfidence('catch_all', belief)).toBeGreaterThan(findConfidence('unknown', belief));
    }
  });

  it('rises with belief, so domain evidence raises confidence', () => {
    expect(findConfidence('catch_all', 0.84)).toBeGreaterThan(findConfidence('catch_all', 0.361));
  });

  it('keeps out-of-range beliefs inside the band', () => {
    expect(findConfidence('ok', 3)).toBe(CONFIDENCE_BANDS.ok.ceiling);
    expect(findConfidence('catch_all', -1)).toBe(CONFIDENCE_BANDS.catch_all.floor);
    expect(findConfidence('unknown', Number.NaN)).toBe(CONFIDENCE_BANDS.unknown.floor);
  });
});
