import { Gauge, Registry } from 'prom-client';

/** The lag gauge reads at most this many events per subscriber and scrape; it shows this value when further behind. */
export const LAG_CAP = 1000;

/** Counts events stored after the last one a subscriber applied, up to `cap`. */
export type LagSource = (cap: number) => Promise<number>;

/** Projection and relay lag, read from their subscribers at scrape time (only the projector role has any). */
export class ProjectionLagMetrics {
  private readonly sources = new Map<string, LagSource>();

  constructor(registry: Registry) {
    const sources = this.sources;
    new Gauge({
      name: 'mailcheck_projection_lag_events',
      help: `Events stored after the last one a subscriber (projections, relay) applied, counted up to ${LAG_CAP}.`,
      labelNames: ['subscriber'],
      registers: [registry],
      async collect() {
        this.reset();
        await Promise.all(
          [...sources].map(async ([subscriber, lag]) => {
            // A store that does not answer leaves the series out of this scrape rather than failing it.
            const behind = await lag(LAG_CAP).catch(() => null);
            if (behind !== null) this.set({ subscriber }, behind);
          }),
        );
      },
    });
  }

  track(subscriber: string, lag: LagSource): void {
    this.sources.set(subscriber, lag);
  }

  untrack(subscriber: string): void {
    this.sources.delete(subscriber);
  }
}
