import { chunksBitmap, countChunks, EMPTY_BITMAP, hasChunk, withChunk } from './chunk-bitmap';

describe('chunk bitmap', () => {
  it('remembers exactly the chunks added, across byte boundaries', () => {
    let bitmap = EMPTY_BITMAP;
    for (const n of [0, 7, 8, 2499]) bitmap = withChunk(bitmap, n);
    expect([0, 7, 8, 2499].every((n) => hasChunk(bitmap, n))).toBe(true);
    expect([1, 9, 2498, 2500, 99_999].some((n) => hasChunk(bitmap, n))).toBe(false);
    expect(bitmap.length).toBeLessThan(500);
  });

  it('counts its chunks, a chunk added twice once', () => {
    expect(countChunks(EMPTY_BITMAP)).toBe(0);
    expect(countChunks(withChunk(withChunk(chunksBitmap([0, 7, 8, 255, 2499]), 8), 3))).toBe(6);
  });

  it('is built from a list of chunk numbers (the shape finder jobs stored before) as by adding them one by one', () => {
    expect(chunksBitmap([3, 0, 17])).toBe(withChunk(withChunk(withChunk(EMPTY_BITMAP, 3), 0), 17));
    expect(chunksBitmap([])).toBe(EMPTY_BITMAP);
  });
});
