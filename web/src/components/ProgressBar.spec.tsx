/** @jest-environment jsdom */
import { describeProgress, formatDuration } from '../lib/progress';
import { render } from '../testing/render';
import { ProgressBar } from './ProgressBar';

const view = (status: string, processedRows: number, totalRows: number, etaSeconds: number | null = null) => ({
  status,
  progress: { processedRows, totalRows, percent: 0 },
  etaSeconds,
});

describe('job progress', () => {
  it('rounds down so 100 % means every row is done, and says what is left', () => {
    expect(describeProgress(view('Processing', 1999, 2000, 75))).toEqual({
      percent: 99,
      text: '99 %: 1,999 of 2,000 rows, about 1 min left',
    });
    expect(describeProgress(view('Completed', 2000, 2000))).toEqual({
      percent: 100,
      text: 'Done: 2,000 of 2,000 rows',
    });
    expect(describeProgress(view('Pending', 0, 2000)).text).toBe('Waiting to start: 0 of 2,000 rows');
    expect(describeProgress(view('Cancelled', 500, 2000))).toEqual({
      percent: 25,
      text: 'Cancelled at 500 of 2,000 rows',
    });
  });

  it('formats durations for people', () => {
    expect([formatDuration(42), formatDuration(180), formatDuration(3900)]).toEqual(['42 s', '3 min', '1 h 5 min']);
  });

  it('renders a labelled progress element whose value and text follow the job', () => {
    const { container, rerender, unmount } = render(
      <ProgressBar view={view('Processing', 500, 2000)} label="Progress of list.csv" />,
    );
    const bar = container.querySelector('progress')!;
    expect(bar.getAttribute('aria-label')).toBe('Progress of list.csv');
    expect(bar.value).toBe(25);
    rerender(<ProgressBar view={view('Completed', 2000, 2000)} label="Progress of list.csv" />);
    expect(bar.value).toBe(100);
    expect(container.querySelector('[aria-live="polite"]')!.textContent).toBe('Done: 2,000 of 2,000 rows');
    unmount();
  });
});
