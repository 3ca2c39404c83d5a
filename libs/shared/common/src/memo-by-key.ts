/**
 * A bounded cache of values built from a string key, evicting the least recently used. Embedded SQLite
 * adapters keep their prepared statements here: preparing the same SQL on every call was a tenth of the
 * CPU of a verification request.
 */
export class MemoByKey<V> {
  private readonly values = new Map<string, V>();

  constructor(
    private readonly build: (key: string) => V,
    private readonly max = 256,
  ) {}

  get(key: string): V {
    const found = this.values.get(key);
    if (found !== undefined) {
      // Re-insert so Map order tracks recency.
      this.values.delete(key);
      this.values.set(key, found);
      return found;
    }
    const value = this.build(key);
    this.values.set(key, value);
    if (this.values.size > this.max) this.values.delete(this.values.keys().next().value as string);
    return value;
  }
}
