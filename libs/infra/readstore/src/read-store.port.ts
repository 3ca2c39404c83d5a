/** Every read-model document has a string id. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads are typed by the reader (the port stores any JSON); see CONTRIBUTING.md
export type Doc = { _id: string } & Record<string, any>;

/** Equality filters on top-level or dotted fields; `{ field: { $in: [...] } }` is also supported. */
export type Filter = Record<string, unknown>;

export interface FindOptions {
  filter?: Filter;
  /** Field to sort direction, applied in key order. */
  sort?: Record<string, 1 | -1>;
  skip?: number;
  limit?: number;
}

export type BulkOp<T extends Doc> =
  | { kind: 'upsert'; doc: T }
  | { kind: 'set'; id: string; fields: Partial<T>; upsert?: boolean }
  | { kind: 'delete'; id: string };

/** One collection of documents (a Mongo collection, or an embedded SQLite table). */
export abstract class ReadCollection<T extends Doc = Doc> {
  /** The document with this id, or null. */
  abstract get(id: string): Promise<T | null>;
  /** Inserts or replaces the whole document. */
  abstract upsert(doc: T): Promise<void>;
  /**
   * Inserts the documents whose `_id` is not stored yet and leaves stored ones as they are, so a replay
   * writes nothing. For documents written once and never changed (a row's result): unlike an upsert it
   * needs no lookup on any server (FerretDB answers any filter, `_id` included, with a scan of the
   * collection; an insert only probes the primary key). Not for collections with another unique index.
   */
  abstract insertNew(docs: T[]): Promise<void>;
  /** Sets the given top-level fields; returns false when there was no document (and `upsert` was not asked). */
  abstract set(id: string, fields: Partial<T>, options?: { upsert?: boolean }): Promise<boolean>;
  /** Removes a document; returns whether it existed. */
  abstract delete(id: string): Promise<boolean>;
  /** Removes every document matching the filter (an empty filter matches all); returns how many. */
  abstract deleteMany(filter: Filter): Promise<number>;
  /** Documents matching the filter, sorted and paged. */
  abstract find(options?: FindOptions): Promise<T[]>;
  /** Number of documents matching the filter. */
  abstract count(filter?: Filter): Promise<number>;
  /** Applies many writes in order (not necessarily as one transaction; each op is idempotent by design). */
  abstract bulkWrite(ops: BulkOp<T>[]): Promise<void>;
  /** Streams matching documents in sort order without loading them all. */
  abstract stream(options?: FindOptions): AsyncIterable<T>;
  /** Declares an index used by read-model queries; safe to call repeatedly. */
  abstract ensureIndex(fields: Record<string, 1 | -1>, options?: { unique?: boolean }): Promise<void>;
  /** Removes every document (read-model rebuilds). */
  abstract clear(): Promise<void>;
}

/** The read store port: named collections of JSON documents. */
export abstract class ReadStore {
  /** The collection with this name (created on first use). */
  abstract collection<T extends Doc = Doc>(name: string): ReadCollection<T>;
  /** Names of existing collections. */
  abstract listCollections(): Promise<string[]>;
  /** Whether the store answers; used by /ready. */
  abstract ping(): Promise<boolean>;
  /**
   * Erasure: drops the copies of deleted documents the store still keeps on its own disk (embedded: the
   * write-ahead log is checkpointed and truncated; deleted rows are overwritten as they go). A server
   * (MongoDB, FerretDB on PostgreSQL) keeps its own journal and vacuums it: nothing to do here, its
   * operator's duties are in docs/personal-data.md.
   */
  abstract compact(): Promise<void>;
  abstract close(): Promise<void>;
}
