/** A data key: 256 random bits for one scope, in one generation (keyId). */
export interface DataKey {
  scope: string;
  keyId: string;
  key: Buffer;
}

/**
 * Where the keys that seal personal fields live, outside the event log, each wrapped under the master key
 * (MasterKeys). Erasing data is destroying its scope's key: what was sealed under it can no longer be read
 * anywhere, while the log stays immutable. A scope is a string such as `job:<jobId>` or
 * `account:<accountId>:address:<digest>` (scopes.ts names them); a scope erased and used again gets a key of a
 * new generation, which never opens what the old one sealed.
 */
export abstract class DataKeyStore {
  /**
   * The current key of each scope, created for a scope that has none; two processes asking for a new scope at
   * once get the same key.
   */
  abstract keysFor(scopes: string[]): Promise<Map<string, DataKey>>;

  /** The keys that still exist among these scopes (a scope erased or never used is absent). */
  abstract existing(scopes: string[]): Promise<Map<string, DataKey>>;

  /** The keys of these generations that still exist, by key id (what opening a sealed value needs). */
  abstract byKeyIds(keyIds: string[]): Promise<Map<string, DataKey>>;

  /** Destroys the keys of these scopes; answers how many existed. Idempotent. */
  abstract destroy(scopes: string[]): Promise<number>;

  /** Destroys every key whose scope starts with this prefix (an account's, at closure); answers how many. */
  abstract destroyPrefix(prefix: string): Promise<number>;

  /**
   * The scopes that have a key and start with this prefix, in order, at most `limit` of them from after
   * `after` (a page): how a retention sweep finds the days it has to destroy without listing accounts.
   */
  abstract scopesUnder(prefix: string, options?: { after?: string; limit?: number }): Promise<string[]>;

  /** Wraps every key under the current master key (after a rotation); answers how many were rewrapped. */
  abstract rewrap(): Promise<number>;

  abstract close(): Promise<void>;
}
