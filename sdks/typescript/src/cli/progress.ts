/** What a progress display is shown: the job's `progress` and `etaSeconds` from the live stream. */
export interface ProgressView {
  status: string;
  progress: { processedRows: number; totalRows: number; percent: number };
  etaSeconds?: number | null;
}

interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/**
 * On a terminal: one line redrawn in place, `[#####-----]  45.0%  4,500/10,000  1,234 rows/s  ETA 0:05`.
 * Elsewhere (a pipe, a CI log): a plain line at most every `plainEveryMs`, and the last one.
 * The rate is measured over the last ten seconds of events; the ETA is the service's when it has one.
 */
export class ProgressDisplay {
  private readonly samples: { at: number; rows: number }[] = [];
  private lastPlainAt = -Infinity;
  private lastPlain = '';
  private drawn = false;

  constructor(
    private readonly out: Output,
    private readonly label: string,
    private readonly plainEveryMs = 2_000,
    private readonly now: () => number = Date.now,
  ) {}

  update(view: ProgressView): void {
    const at = this.now();
    this.samples.push({ at, rows: view.progress.processedRows });
    while (this.samples.length > 2 && at - this.samples[0].at > 10_000) this.samples.shift();
    if (this.out.isTTY) {
      this.out.write(`\r\x1b[2K${this.line(view, true)}`);
      this.drawn = true;
    } else if (at - this.lastPlainAt >= this.plainEveryMs || view.progress.processedRows >= view.progress.totalRows) {
      const line = this.line(view, false);
      if (line === this.lastPlain) return;
      this.lastPlainAt = at;
      this.lastPlain = line;
      this.out.write(`${line}\n`);
    }
  }

  /** Ends the redrawn line so what follows starts on its own. */
  finish(): void {
    if (this.drawn) this.out.write('\n');
    this.drawn = false;
  }

  rowsPerSecond(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || last.at <= first.at) return 0;
    return ((last.rows - first.rows) * 1000) / (last.at - first.at);
  }

  private line(view: ProgressView, bar: boolean): string {
    const { processedRows, totalRows, percent } = view.progress;
    const rate = this.rowsPerSecond();
    const eta =
      typeof view.etaSeconds === 'number' ? view.etaSeconds : rate > 0 ? (totalRows - processedRows) / rate : undefined;
    const figures = [
      `${percent.toFixed(1).padStart(5)}%`,
      `${processedRows.toLocaleString('en-US')}/${totalRows.toLocaleString('en-US')} rows`,
      `${Math.round(rate).toLocaleString('en-US')} rows/s`,
      `ETA ${eta === undefined ? '--:--' : clock(eta)}`,
    ].join('  ');
    if (!bar) return `${this.label} ${view.status.toLowerCase()}: ${figures}`;
    const width = Math.max(10, Math.min(40, (this.out.columns ?? 80) - figures.length - this.label.length - 6));
    const filled = Math.round((Math.min(100, Math.max(0, percent)) / 100) * width);
    return `${this.label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${figures}`;
  }
}

/** Seconds as m:ss, or h:mm:ss from an hour. */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
