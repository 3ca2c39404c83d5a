import { loopStalls } from './loop-stalls';

describe('event-loop stalls', () => {
  it('attributes a window in which the process was blocked to the process, not to the server', async () => {
    loopStalls.start();
    await new Promise((resolve) => setTimeout(resolve, 120));
    const from = performance.now();
    // Busy for 300 ms, as a process writing a big chunk is: no timer can fire meanwhile.
    while (performance.now() - from < 300) {
      /* blocked */
    }
    await new Promise((resolve) => setTimeout(resolve, 60));
    const to = performance.now();
    const blocked = loopStalls.during(from, to);
    expect(blocked).toBeGreaterThan(200);
    expect(blocked).toBeLessThanOrEqual(to - from);
    // Nothing is attributed to a window that ended before the stall began.
    expect(loopStalls.during(from - 1_000, from - 500)).toBe(0);
  });
});
