/** @jest-environment jsdom */
import { niceMax, resultBars, usageSeries } from '../lib/chart';
import { render } from '../testing/render';
import { ResultChart } from './ResultChart';
import { UsageChart } from './UsageChart';

describe('result breakdown chart', () => {
  it('has one bar per result in a fixed order, with shares of the total', () => {
    const bars = resultBars({ ok: 1500, invalid: 300, catch_all: 150, unknown: 50 });
    expect(bars.map((b) => [b.key, b.value, b.share])).toEqual([
      ['ok', 1500, 75],
      ['catch_all', 150, 7.5],
      ['unknown', 50, 2.5],
      ['disposable', 0, 0],
      ['invalid', 300, 15],
      ['error', 0, 0],
    ]);
    expect(resultBars({}).every((b) => b.share === 0)).toBe(true);
  });

  it('draws bars proportional to the counts and names every number for screen readers', () => {
    const { container, unmount } = render(<ResultChart counts={{ ok: 100, invalid: 50 }} title="Results" />);
    const width = (result: string) =>
      Number(container.querySelector(`rect[data-result="${result}"]`)!.getAttribute('width'));
    expect(width('ok')).toBe(268);
    expect(width('invalid')).toBe(134);
    expect(width('error')).toBe(0);
    expect(container.querySelector('svg')!.getAttribute('aria-label')).toContain('Deliverable 100');
    expect(container.querySelector('.legend')!.textContent).toContain('Invalid: 50 (33.3 %)');
    unmount();
  });
});

describe('30-day usage chart', () => {
  const today = new Date('2026-11-24T15:00:00Z');

  it('covers the last 30 UTC days oldest first, with missing days as zero', () => {
    const series = usageSeries(
      [
        { date: '2026-11-24', byResult: { ok: 3, invalid: 1 } },
        { date: '2026-10-26', byResult: { ok: 2 } },
        { date: '2026-10-01', byResult: { ok: 9 } },
      ],
      today,
    );
    expect(series).toHaveLength(30);
    expect(series[0]).toMatchObject({ date: '2026-10-26', total: 2 });
    expect(series[29]).toMatchObject({ date: '2026-11-24', total: 4 });
    expect(series.slice(1, 29).every((d) => d.total === 0)).toBe(true);
  });

  it('picks round axis maxima', () => {
    expect([niceMax(0), niceMax(7), niceMax(13), niceMax(480), niceMax(1000)]).toEqual([1, 10, 20, 500, 1000]);
  });

  it('stacks one rectangle per non-zero result of a day and lists the days in a table', () => {
    const { container, unmount } = render(
      <UsageChart days={[{ date: '2026-11-23', byResult: { ok: 6, catch_all: 2, invalid: 2 } }]} today={today} />,
    );
    const day = container.querySelector('g[data-date="2026-11-23"]')!;
    const rects = [...day.querySelectorAll('rect')];
    expect(rects.map((r) => r.getAttribute('data-result'))).toEqual(['ok', 'catch_all', 'invalid']);
    const heights = rects.map((r) => Number(r.getAttribute('height')));
    expect(heights[0]).toBeCloseTo(3 * heights[1]);
    expect(container.querySelectorAll('g[data-date] rect')).toHaveLength(3);
    const rows = [...container.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.children].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([['2026-11-23', '6', '2', '0', '0', '2', '0']]);
    expect(container.querySelector('figcaption')!.textContent).toContain('10 in all');
    unmount();
  });

  it('totals what it draws and says what that is: lists included, finder lookups left out', () => {
    // The team usage feed sums finder facts (found / not_found) into the same days as verifications.
    const { container, unmount } = render(
      <UsageChart
        days={[{ date: '2026-11-23', byResult: { ok: 1201, catch_all: 300, invalid: 450, found: 4, not_found: 2 } }]}
        today={today}
      />,
    );
    const drawn = [...container.querySelectorAll('g[data-date] rect title')]
      .map((title) => Number(title.textContent!.split(': ')[1]))
      .reduce((sum, value) => sum + value, 0);
    expect(drawn).toBe(1951);
    expect(container.querySelector('figcaption')!.textContent).toContain('(1,951 in all)');
    const scope = container.querySelector('[data-testid="usage-scope"]')!.textContent;
    expect(scope).toContain('each distinct address of your lists');
    expect(scope).toContain('Finder lookups are not in this chart');
    unmount();
  });
});
