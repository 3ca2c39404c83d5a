import { EMPTY_BITMAP, hasChunk, withChunk } from './chunk-bitmap';

describe('chunk bitmap', () => {
  it('remembers exactly the chunks added, across byte boundaries', () => {
    let bitmap = EMPTY_BITMAP;
    for (const n of [0, 7, 8, 2499]) bitmap = withChunk(bitmap, n);
    expect([0, 7, 8, 2499].every((n) => hasChunk(bitmap, n))).toBe(true);
    expect([1, 9, 2498, 2500, 99_999].some((n) => hasChunk(bitmap, n))).toBe(false);
    expect(bitmap.length).toBeLessThan(500);
  });
});
