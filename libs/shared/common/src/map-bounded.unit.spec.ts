import { mapBounded } from './map-bounded';

describe('mapBounded', () => {
  it('keeps the input order whatever order the work finishes in', async () => {
    const delays = [30, 5, 20, 0, 10];
    const results = await mapBounded(delays, 2, (ms) => new Promise<number>((done) => setTimeout(() => done(ms), ms)));
    expect(results).toEqual(delays);
  });

  it('never has more than `limit` items in flight', async () => {
    let inFlight = 0;
    let most = 0;
    await mapBounded([1, 2, 3, 4, 5, 6, 7], 3, async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((done) => setTimeout(done, 2));
      inFlight--;
    });
    expect(most).toBe(3);
  });

  it('answers an empty list without running anything', async () => {
    const work = jest.fn();
    await expect(mapBounded([], 4, work)).resolves.toEqual([]);
    expect(work).not.toHaveBeenCalled();
  });
});
