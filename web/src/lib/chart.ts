import { RESULTS } from './results';

export interface Bar {
  key: string;
  label: string;
  color: string;
  value: number;
  /** Share of the total, 0..100, one decimal. */
  share: number;
}

/** One bar per result, in the fixed result order, with shares of the total (all zero when nothing counted). */
export function resultBars(counts: Record<string, number>): Bar[] {
  const total = RESULTS.reduce((sum, r) => sum + (counts[r.name] ?? 0), 0);
  return RESULTS.map((r) => {
    const value = counts[r.name] ?? 0;
    return {
      key: r.name,
      label: r.label,
      color: r.color,
      value,
      share: total ? Math.round((value / total) * 1000) / 10 : 0,
    };
  });
}

export interface UsageDay {
  /** YYYY-MM-DD (UTC) */
  date: string;
  byResult: Record<string, number>;
}

/**
 * The last `days` UTC days ending today, oldest first, each with its counts per result: days the
 * usage feed does not mention are zero, so the axis has no gaps.
 */
export function usageSeries(
  points: UsageDay[],
  today: Date,
  days = 30,
): Array<{ date: string; total: number; stacks: Bar[] }> {
  const byDate = new Map(points.map((p) => [p.date, p.byResult]));
  const out: Array<{ date: string; total: number; stacks: Bar[] }> = [];
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  for (let k = days - 1; k >= 0; k--) {
    const date = new Date(end - k * 86_400_000).toISOString().slice(0, 10);
    const stacks = resultBars(byDate.get(date) ?? {});
    out.push({ date, total: stacks.reduce((s, b) => s + b.value, 0), stacks });
  }
  return out;
}

/** A round axis maximum at or above the largest value (1, 2, 5 times a power of ten). */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}
