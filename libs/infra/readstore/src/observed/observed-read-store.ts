import { ReadCollection, ReadStore, type BulkOp, type Doc, type Filter, type FindOptions } from '../read-store.port';

/** Names of the port's collection operations, as an observer sees them. */
export type ReadStoreOperation =
  | 'get'
  | 'upsert'
  | 'insertNew'
  | 'set'
  | 'delete'
  | 'deleteMany'
  | 'find'
  | 'count'
  | 'bulkWrite'
  | 'stream'
  | 'ensureIndex'
  | 'clear';

/** Told about every operation this process asked of the read store (an app's metrics). */
export interface ReadStoreObserver {
  /**
   * `documents` is how many documents a batch operation carried (bulkWrite ops, insertNew documents), 1
   * otherwise. Must be cheap and must not throw; a throw is swallowed.
   */
  operation(collection: string, operation: ReadStoreOperation, documents: number): void;
}

/**
 * Any read-store adapter, with each operation reported to an observer before it runs: what a job costs the
 * read side per row (`npm run bench:topology`) is counted the same way on every adapter.
 */
export class ObservedReadStore extends ReadStore {
  constructor(
    private readonly inner: ReadStore,
    private readonly observer: ReadStoreObserver,
  ) {
    super();
  }

  collection<T extends Doc = Doc>(name: string): ReadCollection<T> {
    return new ObservedReadCollection(this.inner.collection<T>(name), (operation, documents = 1) => {
      try {
        this.observer.operation(name, operation, documents);
      } catch {
        // Metrics must never fail a read or a write.
      }
    });
  }

  listCollections(): Promise<string[]> {
    return this.inner.listCollections();
  }

  compact(): Promise<void> {
    return this.inner.compact();
  }

  ping(): Promise<boolean> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

class ObservedReadCollection<T extends Doc> extends ReadCollection<T> {
  constructor(
    private readonly inner: ReadCollection<T>,
    private readonly seen: (operation: ReadStoreOperation, documents?: number) => void,
  ) {
    super();
  }

  get(id: string): Promise<T | null> {
    this.seen('get');
    return this.inner.get(id);
  }

  upsert(doc: T): Promise<void> {
    this.seen('upsert');
    return this.inner.upsert(doc);
  }

  insertNew(docs: T[]): Promise<void> {
    this.seen('insertNew', docs.length);
    return this.inner.insertNew(docs);
  }

  set(id: string, fields: Partial<T>, options?: { upsert?: boolean }): Promise<boolean> {
    this.seen('set');
    return this.inner.set(id, fields, options);
  }

  delete(id: string): Promise<boolean> {
    this.seen('delete');
    return this.inner.delete(id);
  }

  deleteMany(filter: Filter): Promise<number> {
    this.seen('deleteMany');
    return this.inner.deleteMany(filter);
  }

  find(options?: FindOptions): Promise<T[]> {
    this.seen('find');
    return this.inner.find(options);
  }

  count(filter?: Filter): Promise<number> {
    this.seen('count');
    return this.inner.count(filter);
  }

  bulkWrite(ops: BulkOp<T>[]): Promise<void> {
    this.seen('bulkWrite', ops.length);
    return this.inner.bulkWrite(ops);
  }

  stream(options?: FindOptions): AsyncIterable<T> {
    this.seen('stream');
    return this.inner.stream(options);
  }

  ensureIndex(fields: Record<string, 1 | -1>, options?: { unique?: boolean }): Promise<void> {
    this.seen('ensureIndex');
    return this.inner.ensureIndex(fields, options);
  }

  clear(): Promise<void> {
    this.seen('clear');
    return this.inner.clear();
  }
}
