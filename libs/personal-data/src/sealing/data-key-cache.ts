import type { DataKey, DataKeyStore } from '../data-key-store.port';

const DEFAULT_TTL_MS = 30_000;
const MAX_ENTRIES = 50_000;

/**
 * Keys as the sealing store uses them, remembered for a short while so a projection reading thousands of
 * events does not look each key up. An erasure elsewhere is seen here at most `ttlMs` later; one in this
 * process at once (forget). The erasure workflow waits the TTL before it reports the data gone.
 */
export class DataKeyCache {
  private readonly byScope = new Map<string, { key: DataKey; until: number }>();
  private readonly byId = new Map<string, { key: DataKey; until: number }>();

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

  /** Drops what this process remembers of these scopes (they were just erased here). */
  forget(scopes: string[]): void {
    for (const scope of scopes) {
      const entry = this.byScope.get(scope);
      if (entry) this.byId.delete(entry.key.keyId);
      this.byScope.delete(scope);
    }
    for (const [id, entry] of this.byId) if (scopes.includes(entry.key.scope)) this.byId.delete(id);
  }

  /** Drops every remembered key whose scope starts with this prefix. */
  forgetPrefix(prefix: string): void {
    this.forget([...this.byScope.keys()].filter((scope) => scope.startsWith(prefix)));
    for (const [id, entry] of this.byId) if (entry.key.scope.startsWith(prefix)) this.byId.delete(id);
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
