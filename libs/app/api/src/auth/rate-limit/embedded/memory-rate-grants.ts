import { RateGrant, RateGrants } from '../rate-grants.port';

type Stored = RateGrant & { expiresAtMs: number };

/**
 * Grants in process memory, for the embedded topology: a process that keeps its read models in DATA_DIR
 * holds that directory's lock, so it is the only api process and has no one to share a bucket with. The
 * map can be given, so that tests open several clients on one storage as several processes would.
 */
export class MemoryRateGrants extends RateGrants {
  /** `byKey`: each key's grants, in the order of their numbers. */
  constructor(private readonly byKey = new Map<string, Stored[]>()) {
    super();
  }

  async latest(key: string): Promise<RateGrant | null> {
    const newest = this.byKey.get(key)?.at(-1);
    return newest ? { seq: newest.seq, tatMs: newest.tatMs } : null;
  }

  async record(key: string, grant: RateGrant, expiresAtMs: number): Promise<boolean> {
    const grants = this.byKey.get(key) ?? [];
    // Kept in the order of their numbers; a busy key holds a minute of grants, so find the place by halving
    // (the next number goes at the end) rather than scanning and sorting the list on every request.
    const at = firstAtOrAbove(grants, grant.seq);
    if (grants[at]?.seq === grant.seq) return false;
    grants.splice(at, 0, { seq: grant.seq, tatMs: grant.tatMs, expiresAtMs });
    this.byKey.set(key, grants);
    return true;
  }

  async purgeExpired(nowMs: number): Promise<number> {
    let purged = 0;
    for (const [key, grants] of this.byKey) {
      const live = grants.filter((grant) => grant.expiresAtMs > nowMs);
      purged += grants.length - live.length;
      if (live.length) this.byKey.set(key, live);
      else this.byKey.delete(key);
    }
    return purged;
  }

  async close(): Promise<void> {}
}

/** The index of the first grant numbered `seq` or higher (grants.length when none is). */
function firstAtOrAbove(grants: Stored[], seq: number): number {
  let low = 0;
  let high = grants.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (grants[mid].seq < seq) low = mid + 1;
    else high = mid;
  }
  return low;
}
