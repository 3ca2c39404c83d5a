import { PeriodicSweep } from './periodic-sweep';

/** A pass the test finishes by hand, so "a pass is under way" is a state, not a race. */
function controlledPasses() {
  const started: Array<{ signal: AbortSignal; finish(value: number): void; fail(error: Error): void }> = [];
  const pass = (signal: AbortSignal) =>
    new Promise<number>((resolve, reject) => started.push({ signal, finish: resolve, fail: reject }));
  return { started, pass };
}

// Jest's fake timers are the fixed clock: time moves only when the test advances it.
describe('periodic sweep', () => {
  let errors: unknown[];

  beforeEach(() => {
    jest.useFakeTimers();
    errors = [];
  });
  afterEach(() => jest.useRealTimers());

  const onError = (error: unknown) => errors.push(error);

  it('runs a pass every interval once started, and none before', async () => {
    let passes = 0;
    const sweep = new PeriodicSweep(async () => ++passes, { everyMs: 1_000, onError });
    await jest.advanceTimersByTimeAsync(5_000);
    expect(passes).toBe(0);
    sweep.start();
    await jest.advanceTimersByTimeAsync(999);
    expect(passes).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(passes).toBe(1);
    await jest.advanceTimersByTimeAsync(3_000);
    expect(passes).toBe(4);
    await sweep.stop();
  });

  it('runs the first pass after firstAfterMs, then every interval', async () => {
    let passes = 0;
    const sweep = new PeriodicSweep(async () => ++passes, { everyMs: 60_000, firstAfterMs: 1_000, onError });
    sweep.start();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(1);
    await jest.advanceTimersByTimeAsync(58_999);
    expect(passes).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(passes).toBe(2);
    await sweep.stop();
  });

  it('skips the ticks that come while a pass is under way', async () => {
    const { started, pass } = controlledPasses();
    const sweep = new PeriodicSweep(pass, { everyMs: 1_000, onError });
    sweep.start();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(started).toHaveLength(1);
    started[0].finish(0);
    await jest.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(1); // nothing queued by the skipped ticks
    await jest.advanceTimersByTimeAsync(1_000);
    expect(started).toHaveLength(2);
    started[1].finish(0);
    await sweep.stop();
  });

  it('answers runOnce with a pass that starts after the call, shared by the callers waiting for it', async () => {
    const { started, pass } = controlledPasses();
    const sweep = new PeriodicSweep(pass, { everyMs: 60_000, onError });
    const first = sweep.runOnce();
    const second = sweep.runOnce();
    const third = sweep.runOnce();
    await jest.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(1);
    started[0].finish(1);
    await expect(first).resolves.toBe(1);
    await jest.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(2);
    started[1].finish(2);
    await expect(second).resolves.toBe(2);
    await expect(third).resolves.toBe(2);
    expect(started).toHaveLength(2);
  });

  it('reports a failed scheduled pass and keeps the schedule; a runOnce caller gets its own error', async () => {
    let calls = 0;
    const sweep = new PeriodicSweep(
      async () => {
        calls++;
        if (calls <= 2) throw new Error(`pass ${calls} failed`);
        return calls;
      },
      { everyMs: 1_000, onError },
    );
    await expect(sweep.runOnce()).rejects.toThrow('pass 1 failed');
    expect(errors).toEqual([]);
    sweep.start();
    await jest.advanceTimersByTimeAsync(2_000);
    expect(errors.map(String)).toEqual(['Error: pass 2 failed']);
    expect(calls).toBe(3);
    await sweep.stop();
  });

  it('stops scheduling, aborts the signal of the pass under way and waits for it', async () => {
    const { started, pass } = controlledPasses();
    const sweep = new PeriodicSweep(pass, { everyMs: 1_000, onError });
    sweep.start();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(started).toHaveLength(1);
    let stopped = false;
    const stopping = sweep.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(started[0].signal.aborted).toBe(true);
    expect(stopped).toBe(false);
    started[0].finish(0);
    await stopping;
    expect(stopped).toBe(true);
    sweep.start();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(started).toHaveLength(1);
  });

  it('never begins a pass that was queued behind the one under way when it stopped', async () => {
    const { started, pass } = controlledPasses();
    const sweep = new PeriodicSweep(pass, { everyMs: 1_000, onError });
    const first = sweep.runOnce();
    const queued = sweep.runOnce();
    const queuedOutcome = queued.then(
      () => 'ran',
      (error: Error) => error.message,
    );
    const stopping = sweep.stop();
    started[0].finish(1);
    await stopping;
    expect(await first).toBe(1);
    expect(await queuedOutcome).toBe('the sweep was stopped before this pass began');
    expect(started).toHaveLength(1);
  });
});
