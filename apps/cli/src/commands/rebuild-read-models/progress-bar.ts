/** A one-line progress bar on stderr (stdout stays machine-readable JSON). */
export class ProgressBar {
  private lastDrawn = 0;

  constructor(
    private readonly total: number,
    private readonly out: NodeJS.WriteStream = process.stderr,
    private readonly width = 30,
  ) {}

  update(done: number, detail: string, force = false): void {
    const now = Date.now();
    if (!force && now - this.lastDrawn < 100) return; // redrawing on every page would dominate small rebuilds
    this.lastDrawn = now;
    const ratio = this.total > 0 ? Math.min(1, done / this.total) : 1;
    const filled = Math.round(ratio * this.width);
    const line = `[${'#'.repeat(filled)}${'-'.repeat(this.width - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${detail}`;
    this.out.write(this.out.isTTY ? `\r${line}` : `${line}\n`);
  }

  finish(detail: string): void {
    this.update(this.total, detail, true);
    if (this.out.isTTY) this.out.write('\n');
  }
}
