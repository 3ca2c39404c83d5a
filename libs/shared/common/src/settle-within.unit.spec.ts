import { settleWithin } from './settle-within';

describe('settle within', () => {
  it('answers with the promise when it settles in time', async () => {
    await expect(settleWithin(Promise.resolve(true), 1_000, false)).resolves.toBe(true);
  });

  it('answers with the fallback when the promise is too slow', async () => {
    await expect(settleWithin(new Promise<boolean>(() => undefined), 10, false)).resolves.toBe(false);
  });
});
