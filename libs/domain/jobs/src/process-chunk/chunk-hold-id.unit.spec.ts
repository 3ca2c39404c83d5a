import { chunkHoldId, chunkOfHoldId } from './chunk-hold-id';

describe('chunk hold ids', () => {
  it('keeps the first run’s ids as they always were', () => {
    expect(chunkHoldId(42, 7, 'job')).toBe('job-42-chunk-7');
    expect(chunkOfHoldId('job-42-chunk-7', 'job')).toEqual({ jobId: 42, chunkNo: 7, run: 0 });
  });

  it('finding 1: gives a resumed run’s chunk its own id, which names the run', () => {
    expect(chunkHoldId(42, 7, 'job', 2)).toBe('job-42-chunk-7-run-2');
    expect(chunkOfHoldId('job-42-chunk-7-run-2', 'job')).toEqual({ jobId: 42, chunkNo: 7, run: 2 });
  });

  it('reads no id of another kind', () => {
    expect(chunkOfHoldId('finder-job-42-chunk-7', 'job')).toBeNull();
    expect(chunkOfHoldId('job-42-chunk-7-run-x', 'job')).toBeNull();
  });
});
