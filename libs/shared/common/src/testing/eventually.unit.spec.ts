import { eventually } from './eventually';

describe('eventually', () => {
  it('retries until the assertion holds and hands back what it returned', async () => {
    let tries = 0;
    const value = await eventually(() => {
      tries += 1;
      if (tries < 3) throw new Error(`not yet (${tries})`);
      return 'ready';
    });
    expect(value).toBe('ready');
    expect(tries).toBe(3);
  });

  it('rethrows the last error once the time is up', async () => {
    let tries = 0;
    const started = Date.now();
    const failure = await eventually(
      () => {
        tries += 1;
        throw new Error(`still failing (${tries})`);
      },
      // A timeout several intervals long, so a loaded machine's late timers still leave room for a retry.
      { timeoutMs: 200, intervalMs: 10 },
    ).catch((error: Error) => error);
    expect(failure).toEqual(new Error(`still failing (${tries})`));
    expect(tries).toBeGreaterThanOrEqual(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });
});
