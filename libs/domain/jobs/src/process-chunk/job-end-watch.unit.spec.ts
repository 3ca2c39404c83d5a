import { JobEndWatches } from './job-end-watch';

const ENDING: ReadonlySet<string> = new Set(['JobCancelled', 'JobFailed']);

describe('JobEndWatches', () => {
  let reads: number[];
  let lastTypes: Map<number, string>;
  let watches: JobEndWatches;
  beforeEach(() => {
    jest.useFakeTimers();
    reads = [];
    lastTypes = new Map();
    watches = new JobEndWatches(async (jobId) => {
      reads.push(jobId);
      return lastTypes.get(jobId);
    }, 100);
  });
  afterEach(() => jest.useRealTimers());

  it('reads each job once per interval however many of its chunks watch it', async () => {
    const ofJob1 = [1, 2, 3, 4, 5].map(() => watches.watch(1, ENDING));
    const ofJob2 = watches.watch(2, ENDING);
    await jest.advanceTimersByTimeAsync(100);
    expect(reads.sort()).toEqual([1, 2]);
    await jest.advanceTimersByTimeAsync(100);
    expect(reads.sort()).toEqual([1, 1, 2, 2]);
    [...ofJob1, ofJob2].forEach((w) => w.stop());
  });

  it('aborts every chunk of a job that ended, and only those', async () => {
    const a = watches.watch(1, ENDING);
    const b = watches.watch(1, ENDING);
    const other = watches.watch(2, ENDING);
    lastTypes.set(1, 'JobCancelled');
    lastTypes.set(2, 'ChunkCompleted');
    await jest.advanceTimersByTimeAsync(100);
    expect([a.signal.aborted, b.signal.aborted, other.signal.aborted]).toEqual([true, true, false]);
    [a, b, other].forEach((w) => w.stop());
  });

  it('stops reading once the last chunk of the job stops, and starts afresh for a later chunk', async () => {
    const a = watches.watch(1, ENDING);
    const b = watches.watch(1, ENDING);
    a.stop();
    a.stop(); // a second stop of the same chunk does not count for another
    await jest.advanceTimersByTimeAsync(100);
    expect(reads).toEqual([1]);
    b.stop();
    await jest.advanceTimersByTimeAsync(500);
    expect(reads).toEqual([1]);
    const later = watches.watch(1, ENDING);
    lastTypes.set(1, 'JobFailed');
    await jest.advanceTimersByTimeAsync(100);
    expect(reads).toEqual([1, 1]);
    expect(later.signal.aborted).toBe(true);
    later.stop();
  });
});
