export interface DeliveryDedupeOptions {
  /** How long a delivery is remembered. Default 3 days: past the service's last retry (about 9 h after the first attempt). */
  rememberSeconds?: number;
  /** The most deliveries remembered; the oldest are forgotten first. Default 100,000. */
  maxEntries?: number;
  /** Seconds since the epoch (tests). */
  now?: () => number;
}

/**
 * Remembers the deliveries a webhook receiver has handled, so a retry or a replay is answered without
 * handling it twice. Delivery is at least once, and a captured delivery still verifies inside the
 * signature's timestamp window: after verifyWebhookSignature, handle an event only when
 * `firstTime(event)` says so, and answer 2xx either way. Keyed by the event's `id`, which the signature
 * covers (the same on every attempt of a delivery; the X-SVC-Delivery-Id header is not signed, so a
 * replay may change it). In memory, for one process: a receiver with several processes keeps the ids
 * in its database under a unique key instead.
 */
export class DeliveryDedupe {
  private readonly seen = new Map<string, number>();
  private readonly rememberSeconds: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: DeliveryDedupeOptions = {}) {
    this.rememberSeconds = options.rememberSeconds ?? 3 * 24 * 3600;
    this.maxEntries = options.maxEntries ?? 100_000;
    this.now = options.now ?? (() => Date.now() / 1000);
  }

  /** True the first time an event id is seen (and remembers it); false for a repeat within rememberSeconds. */
  firstTime(event: string | { id: string }): boolean {
    const id = typeof event === 'string' ? event : event.id;
    if (typeof id !== 'string' || id === '') throw new TypeError('a delivery is deduplicated by its event id');
    const now = this.now();
    this.forgetOlderThan(now - this.rememberSeconds);
    if (this.seen.has(id)) return false;
    this.seen.set(id, now);
    if (this.seen.size > this.maxEntries) this.seen.delete(this.seen.keys().next().value as string);
    return true;
  }

  /** Entries are kept in the order they were first seen, so the expired ones are at the front. */
  private forgetOlderThan(limit: number): void {
    for (const [id, at] of this.seen) {
      if (at >= limit) return;
      this.seen.delete(id);
    }
  }
}
