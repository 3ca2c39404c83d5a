// Catch-all behaviour changes rarely; an hour keeps bulk runs from re-probing each domain.
const TTL_MS = 3_600_000;

/** Per-domain catch-all verdicts. Only definite answers are stored: inconclusive is asked again next time. */
export class CatchAllCache {
  private readonly entries = new Map<string, { value: boolean; expiresAt: number }>();

  constructor(private readonly clock: () => number) {}

  get(domain: string): boolean | undefined {
    const entry = this.entries.get(domain);
    if (!entry || entry.expiresAt <= this.clock()) return undefined;
    return entry.value;
  }

  set(domain: string, value: boolean): void {
    this.entries.set(domain, { value, expiresAt: this.clock() + TTL_MS });
  }
}
