import { niceMax, UsageDay, usageSeries } from '../lib/chart';

/**
 * Daily verifications of the last 30 days as stacked bars by result, with the numbers in a table below. The
 * caption's total is the sum of the bars drawn, and the note under them says what they count: the usage
 * feed's days also hold finder lookups (found / not found), which are no verification result and are left
 * out of both.
 */
export function UsageChart({ days, today = new Date() }: { days: UsageDay[]; today?: Date }) {
  const series = usageSeries(days, today);
  const max = niceMax(Math.max(0, ...series.map((d) => d.total)));
  const width = 600;
  const height = 160;
  const slot = width / series.length;
  const total = series.reduce((s, d) => s + d.total, 0);
  return (
    <figure className="usage-chart">
      <figcaption>Verifications per day, last 30 days ({total.toLocaleString('en')} in all)</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        role="img"
        aria-label={`Verifications per day over the last 30 days, ${total} in all; the table below lists each day`}
        width="100%"
      >
        <line x1="0" x2={width} y1={height} y2={height} stroke="#57606a" />
        <text x="2" y="10" fontSize="10" fill="#1f2328">
          {max}
        </text>
        {series.map((day, k) => {
          let y = height;
          return (
            <g key={day.date} data-date={day.date}>
              {day.stacks
                .filter((s) => s.value > 0)
                .map((s) => {
                  const h = (s.value / max) * (height - 14);
                  y -= h;
                  return (
                    <rect
                      key={s.key}
                      x={k * slot + 2}
                      y={y}
                      width={slot - 4}
                      height={h}
                      fill={s.color}
                      data-result={s.key}
                    >
                      <title>{`${day.date} ${s.label}: ${s.value}`}</title>
                    </rect>
                  );
                })}
            </g>
          );
        })}
        <text x="0" y={height + 14} fontSize="10" fill="#1f2328">
          {series[0].date}
        </text>
        <text x={width} y={height + 14} fontSize="10" fill="#1f2328" textAnchor="end">
          {series[series.length - 1].date}
        </text>
      </svg>
      <p className="hint" data-testid="usage-scope">
        Every verification counts: single and batch calls, and each distinct address of your lists (a repeated row is
        verified once). Finder lookups are not in this chart: the Team page counts them.
      </p>
      <details>
        <summary>Show the numbers</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series[0].stacks.map((s) => (
                <th scope="col" key={s.key}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {series
              .filter((d) => d.total > 0)
              .map((d) => (
                <tr key={d.date}>
                  <th scope="row">{d.date}</th>
                  {d.stacks.map((s) => (
                    <td key={s.key}>{s.value}</td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
