import type { DataKey, DataKeyStore } from '../data-key-store.port';

const DEFAULT_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;
/** Derived entries per generation: about two per row sealed (its sealing key, its opened text). */
const DERIVED_GENERATION = 10_000;

/** Something made from data keys (a sealing key, an opened value), with the keys it was made from. */
interface Derived {
  from: DataKey[];
  value: unknown;
  until: number;
}

/**
 * Keys as the sealing store uses them, remembered for a short while so a projection reading thousands of
 * events does not look each key up. An erasure elsewhere is seen here at most `ttlMs` later; one in this
 * process at once (forget). The erasure workflow waits the TTL before it reports the data gone. What the
 * sealing store makes from keys (derivedFrom) is remembered the same way, and dropped with them.
 */
export class DataKeyCache {
  private readonly byScope = new Map<string, { key: DataKey; until: number }>();
  private readonly byId = new Map<string, { key: DataKey; until: number }>();
  /** Two generations: when the newer fills up, the older is dropped whole (no per-entry eviction). */
  private derived = new Map<string, Derived>();
  private olderDerived = new Map<string, Derived>();

  constructor(
    private readonly store: DataKeyStore,
    private readonly now: () => number = Date.now,
    readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  async keysFor(scopes: string[]): Promise<Map<string, DataKey>> {
    const keys = this.fresh(this.byScope, scopes);
    const missing = scopes.filter((scope) => !keys.has(scope));
    if (missing.length > 0)
      for (const [scope, key] of await this.store.keysFor(missing)) keys.set(scope, this.remember(key));
    return keys;
  }

  async byKeyIds(keyIds: string[]): Promise<Map<string, DataKey>> {
    const keys = this.fresh(this.byId, keyIds);
    const missing = keyIds.filter((id) => !keys.has(id));
    if (missing.length > 0)
      for (const [id, key] of await this.store.byKeyIds(missing)) keys.set(id, this.remember(key));
    return keys;
  }

  /**
   * What `derive` makes from these keys, remembered under `id` (which must name everything else it depends on)
   * as long as the keys would be: every projection and the relay open each sealed part again, and deriving
   * and deciphering cost more than the rest of reading an event. It is handed out only to a caller that shows
   * the same keys, byte for byte (found through keysFor or byKeyIds, so a destroyed key opens nothing here
   * either), and dropped with them (forget, forgetPrefix, the TTL).
   */
  derivedFrom<T>(id: string, keys: DataKey[], derive: () => T): T {
    const now = this.now();
    const entry = this.derived.get(id) ?? this.olderDerived.get(id);
    if (entry && entry.until > now && sameKeys(entry.from, keys)) return entry.value as T;
    const value = derive();
    if (this.derived.size >= DERIVED_GENERATION) {
      this.olderDerived = this.derived;
      this.derived = new Map();
    }
    this.derived.set(id, { from: keys, value, until: now + this.ttlMs });
    return value;
  }

  /** Drops what this process remembers of these scopes (they were just erased here). */
  forget(scopes: string[]): void {
    const erased = new Set(scopes);
    this.forgetDerived((key) => erased.has(key.scope));
    for (const scope of scopes) {
      const entry = this.byScope.get(scope);
      if (entry) this.byId.delete(entry.key.keyId);
      this.byScope.delete(scope);
    }
    for (const [id, entry] of this.byId) if (scopes.includes(entry.key.scope)) this.byId.delete(id);
  }

  /** Drops every remembered key whose scope starts with this prefix. */
  forgetPrefix(prefix: string): void {
    this.forgetDerived((key) => key.scope.startsWith(prefix));
    this.forget([...this.byScope.keys()].filter((scope) => scope.startsWith(prefix)));
    for (const [id, entry] of this.byId) if (entry.key.scope.startsWith(prefix)) this.byId.delete(id);
  }

  private forgetDerived(erased: (key: DataKey) => boolean): void {
    for (const generation of [this.derived, this.olderDerived])
      for (const [id, entry] of generation) if (entry.from.some(erased)) generation.delete(id);
  }

  private fresh(map: Map<string, { key: DataKey; until: number }>, ids: string[]): Map<string, DataKey> {
    const now = this.now();
    const found = new Map<string, DataKey>();
    for (const id of ids) {
      const entry = map.get(id);
      if (entry && entry.until > now) found.set(id, entry.key);
    }
    return found;
  }

  private remember(key: DataKey): DataKey {
    if (this.byId.size >= MAX_ENTRIES) {
      this.byId.clear();
      this.byScope.clear();
    }
    const entry = { key, until: this.now() + this.ttlMs };
    this.byScope.set(key.scope, entry);
    this.byId.set(key.keyId, entry);
    return key;
  }
}

/** The same keys in the same order: same generations and the same bytes (the same objects, mostly). */
function sameKeys(a: DataKey[], b: DataKey[]): boolean {
  return (
    a.length === b.length &&
    a.every((key, i) => key.keyId === b[i].keyId && (key.key === b[i].key || key.key.equals(b[i].key)))
  );
}
