/** @jest-environment jsdom */
import { VerificationJob } from '../api/v1';
import { sendAdvice } from '../lib/send-advice';
import { render } from '../testing/render';
import { JobDownloads, nothingToDownload } from './JobDownloads';
import { JobResults } from './JobResults';

const job = (overrides: Partial<VerificationJob> = {}): VerificationJob =>
  ({
    id: 42,
    kind: 'verification',
    status: 'Completed',
    fileName: 'leads.csv',
    hasHeader: true,
    dedupe: true,
    counts: { rows: 2000, uniqueAddresses: 1950, duplicates: 50, invalidSyntax: 0, blank: 0 },
    quote: 1950,
    // Per row: 50 repeats of deliverable addresses; once per address they count once.
    results: { ok: 1250, catch_all: 300, unknown: 0, disposable: 0, invalid: 450, error: 0 },
    addressResults: { ok: 1200, catch_all: 300, unknown: 0, disposable: 0, invalid: 450, error: 0 },
    progress: { processedRows: 2000, totalRows: 2000, percent: 100 },
    creditsCharged: 1950,
    etaSeconds: 0,
    createdAt: '2026-11-28T10:00:00.000Z',
    startedAt: '2026-11-28T10:00:01.000Z',
    finishedAt: '2026-11-28T10:01:00.000Z',
    failureReason: null,
    filesPurgedAt: null,
    downloadPath: '/v1/jobs/42/download',
    emailColumn: { index: 2, chosenBy: 'header', headerName: 'email' },
    ...overrides,
  }) as VerificationJob;

const link = (container: HTMLElement, id: string) =>
  container.querySelector<HTMLAnchorElement>(`[data-testid="download-${id}"]`)!;

describe('the job page results and downloads', () => {
  it('finding 5: with dedupe on, shows per result the rows its download holds, on the chart and each button', () => {
    const results = render(<JobResults job={job()} />);
    expect(results.container.querySelector('.legend')!.textContent).toContain('Deliverable: 1,200');
    results.unmount();
    const { container, unmount } = render(<JobDownloads job={job()} />);
    expect(link(container, 'deliverable').textContent).toBe('Deliverable only (1,200 rows)');
    expect(link(container, 'deliverable-catch-all').textContent).toBe('Deliverable and catch-all (1,500 rows)');
    expect(link(container, 'all').textContent).toBe('All rows (1,950 rows)');
    unmount();
  });

  it('finding 5: counts every row when the job keeps duplicates', () => {
    const { container, unmount } = render(<JobDownloads job={job({ dedupe: false })} />);
    expect(link(container, 'deliverable').textContent).toBe('Deliverable only (1,250 rows)');
    unmount();
  });

  it('finding 5: quick downloads ask for the original columns plus one column in the page words; all columns one click away', () => {
    const { container, unmount } = render(<JobDownloads job={job()} />);
    expect(link(container, 'deliverable').getAttribute('href')).toBe('/v1/jobs/42/download?results=ok&format=simple');
    expect(link(container, 'all').getAttribute('href')).toBe('/v1/jobs/42/download?format=simple');
    const more = container.querySelector('details.all-columns')!;
    expect(more.querySelector('summary')!.textContent).toMatch(/^All columns/);
    expect(more.querySelector<HTMLAnchorElement>('[data-testid="download-custom"]')!.getAttribute('href')).toBe(
      '/v1/jobs/42/download',
    );
    unmount();
  });

  it('finding 6: explains every result and recommends whom to send to, on the job page', () => {
    const { container, unmount } = render(<JobResults job={job()} />);
    const meanings = container.querySelector('[data-testid="result-meanings"]')!.textContent!;
    for (const label of ['Deliverable', 'Catch-all', 'Unknown', 'Disposable', 'Invalid', 'Error'])
      expect(meanings).toContain(label);
    expect(meanings).toContain('The domain accepts every address');
    const advice = container.querySelector('[data-testid="send-advice"]')!.textContent!;
    expect(advice).toContain('Send to the 1,200 Deliverable addresses (62 %).');
    expect(advice).toContain('Leave out the 450 Invalid and Disposable addresses');
    unmount();
  });

  it('finding 6: warns when catch-all addresses are a large share of the list', () => {
    const advice = sendAdvice({ ok: 600, catch_all: 320, invalid: 80 });
    expect(advice.join(' ')).toContain('320 addresses (32 %) are Catch-all: too many to send to at once.');
    expect(sendAdvice({ ok: 900, catch_all: 20 }).join(' ')).toContain(
      'The 20 Catch-all addresses cannot be confirmed',
    );
    expect(sendAdvice({ ok: 10, unknown: 2, error: 1 }).join(' ')).toContain(
      'The 3 Unknown and Error addresses were not charged',
    );
    expect(sendAdvice({})).toEqual([]);
  });

  it('small finding (issue 37): offers no download for a job cancelled before any row was verified', () => {
    const progress = (processedRows: number) => ({ processedRows, totalRows: 2000, percent: 0 });
    expect(nothingToDownload({ status: 'Cancelled', progress: progress(0) })).toBe(true);
    expect(nothingToDownload({ status: 'Failed', progress: progress(0) })).toBe(true);
    expect(nothingToDownload({ status: 'Cancelled', progress: progress(150) })).toBe(false);
    expect(nothingToDownload({ status: 'Processing', progress: progress(0) })).toBe(false);
  });
});
