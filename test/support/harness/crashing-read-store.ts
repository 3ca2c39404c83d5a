import type { NewEvent } from '@lib/eventstore';
import { BulkOp, Doc, Filter, FindOptions, ReadCollection, ReadStore } from '@lib/readstore';
import type { CrashSwitch } from './crash-points';

/**
 * The app's read store, with a handler killed at a chosen document write (before it, or after it was
 * stored): for consumers whose step is a read-model write rather than an append (the usage facts). A
 * write reaches the crash points as `{ type: '<op>:<collection>', data: <document or fields> }` on the
 * collection's name, as a publish reaches them as `publish:<topic>`.
 */
export class CrashingReadStore extends ReadStore {
  constructor(
    private readonly inner: ReadStore,
    private readonly crash: CrashSwitch,
  ) {
    super();
  }

  collection<T extends Doc = Doc>(name: string): ReadCollection<T> {
    return new CrashingReadCollection(this.inner.collection<T>(name), name, this.crash);
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

class CrashingReadCollection<T extends Doc> extends ReadCollection<T> {
  constructor(
    private readonly inner: ReadCollection<T>,
    private readonly name: string,
    private readonly crash: CrashSwitch,
  ) {
    super();
  }

  upsert(doc: T): Promise<void> {
    return this.write([{ kind: 'upsert', doc }], () => this.inner.upsert(doc));
  }

  insertNew(docs: T[]): Promise<void> {
    const asEvents = docs.map((doc) => ({ type: `insertNew:${this.name}`, data: doc }));
    return this.crash.around(this.name, asEvents, () => this.inner.insertNew(docs));
  }

  set(id: string, fields: Partial<T>, options?: { upsert?: boolean }): Promise<boolean> {
    return this.write([{ kind: 'set', id, fields }], () => this.inner.set(id, fields, options));
  }

  delete(id: string): Promise<boolean> {
    return this.write([{ kind: 'delete', id }], () => this.inner.delete(id));
  }

  bulkWrite(ops: BulkOp<T>[]): Promise<void> {
    return this.write(ops, () => this.inner.bulkWrite(ops));
  }

  get(id: string): Promise<T | null> {
    return this.inner.get(id);
  }

  deleteMany(filter: Filter): Promise<number> {
    const asEvents = [{ type: `deleteMany:${this.name}`, data: filter }];
    return this.crash.around(this.name, asEvents, () => this.inner.deleteMany(filter));
  }

  find(options?: FindOptions): Promise<T[]> {
    return this.inner.find(options);
  }

  count(filter?: Filter): Promise<number> {
    return this.inner.count(filter);
  }

  stream(options?: FindOptions): AsyncIterable<T> {
    return this.inner.stream(options);
  }

  ensureIndex(fields: Record<string, 1 | -1>, options?: { unique?: boolean }): Promise<void> {
    return this.inner.ensureIndex(fields, options);
  }

  clear(): Promise<void> {
    return this.inner.clear();
  }

  private write<R>(ops: BulkOp<T>[], run: () => Promise<R>): Promise<R> {
    const asEvents: NewEvent[] = ops.map((op) => ({
      type: `${op.kind}:${this.name}`,
      data: op.kind === 'upsert' ? op.doc : op.kind === 'set' ? { _id: op.id, ...op.fields } : { _id: op.id },
    }));
    return this.crash.around(this.name, asEvents, run);
  }
}
