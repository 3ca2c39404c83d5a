import { resultBars } from '../lib/chart';

// Room for the longest label ("Deliverable") at the larger size phones use (styles.css), then the bar.
const BAR_X = 92;
const BAR_WIDTH = 268;

/** The result breakdown as horizontal bars; the same numbers are in the list beside it for every reader. */
export function ResultChart({ counts, title }: { counts: Record<string, number>; title: string }) {
  const bars = resultBars(counts);
  const max = Math.max(1, ...bars.map((b) => b.value));
  const summary = bars.map((b) => `${b.label} ${b.value.toLocaleString('en')}`).join(', ');
  return (
    <figure className="result-chart">
      <figcaption>{title}</figcaption>
      <svg
        viewBox="0 0 420 150"
        role="img"
        aria-label={`${title}: ${summary}`}
        width="100%"
        preserveAspectRatio="xMinYMin meet"
      >
        {bars.map((bar, k) => (
          <g key={bar.key} transform={`translate(0, ${k * 25})`}>
            <text x="0" y="15" fontSize="11" fill="#1f2328">
              {bar.label}
            </text>
            <rect
              x={BAR_X}
              y="4"
              height="15"
              width={(bar.value / max) * BAR_WIDTH}
              fill={bar.color}
              data-result={bar.key}
            />
            <text x={BAR_X + 4 + (bar.value / max) * BAR_WIDTH} y="15" fontSize="11" fill="#1f2328">
              {bar.value.toLocaleString('en')}
            </text>
          </g>
        ))}
      </svg>
      <ul className="legend">
        {bars.map((bar) => (
          <li key={bar.key}>
            <span className={`swatch swatch-${bar.key}`} aria-hidden="true" />
            {bar.label}: <strong>{bar.value.toLocaleString('en')}</strong> ({bar.share} %)
          </li>
        ))}
      </ul>
    </figure>
  );
}
