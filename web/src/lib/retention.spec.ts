import { filesDeleteOn } from './retention';

describe('when a job loses its files', () => {
  const ended = { status: 'Completed', finishedAt: '2026-11-01T10:00:00.000Z', filesPurgedAt: null };
  it("is the job's end plus the team's job files retention", () =>
    expect(filesDeleteOn(ended, 14)?.toISOString()).toBe('2026-11-15T10:00:00.000Z'));
  it('is not shown for a running job, a job whose files are gone, or files that are kept', () => {
    expect(filesDeleteOn({ ...ended, status: 'Processing', finishedAt: null }, 14)).toBeNull();
    expect(filesDeleteOn({ ...ended, filesPurgedAt: '2026-11-15T11:00:00.000Z' }, 14)).toBeNull();
    expect(filesDeleteOn(ended, 0)).toBeNull();
    expect(filesDeleteOn(ended, null)).toBeNull();
  });
});
