/** The part of a job view the progress display reads (GET /v1/jobs/{id} and its SSE events). */
export interface JobProgressView {
  status: string;
  progress: { processedRows: number; totalRows: number; percent: number };
  etaSeconds?: number | null;
}

export const TERMINAL_STATUSES = ['Completed', 'Cancelled', 'Failed'];

export function isTerminal(status: string): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** Seconds as "42 s", "3 min", "1 h 5 min". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** What the progress bar shows: a whole-number percentage for the bar, and a sentence for people and screen readers. */
export function describeProgress(view: JobProgressView): { percent: number; text: string } {
  const { processedRows, totalRows } = view.progress;
  const percent =
    totalRows > 0
      ? Math.min(100, Math.floor((processedRows / totalRows) * 100))
      : view.status === 'Completed'
        ? 100
        : 0;
  const counts = `${processedRows.toLocaleString('en')} of ${totalRows.toLocaleString('en')} rows`;
  switch (view.status) {
    case 'Pending':
      return { percent, text: `Waiting to start: ${counts}` };
    case 'Processing': {
      const eta = view.etaSeconds != null ? `, about ${formatDuration(view.etaSeconds)} left` : '';
      return { percent, text: `${percent} %: ${counts}${eta}` };
    }
    case 'Completed':
      return { percent: 100, text: `Done: ${counts}` };
    case 'Cancelled':
      return { percent, text: `Cancelled at ${counts}` };
    case 'Failed':
      return { percent, text: `Failed at ${counts}` };
    default:
      return { percent, text: counts };
  }
}
