import { ReadCollection, ReadStore, type BulkOp, type Doc, type Filter, type FindOptions } from '../read-store.port';

type Pending = { kind: 'upsert' | 'insertNew'; doc: Doc } | { kind: 'delete' };

/**
 * The read store as projections see it while a runner applies one batch of events: whole-document writes
 * (`upsert`, `insertNew`) and deletes of documents the batch wrote wait in memory, keyed by document, and
 * `flush` sends each collection's as one `insertNew` and one `bulkWrite`; `get` answers a pending document
 * from memory and reads any other from the store. A batch of an account's credit events then costs a
 * look-up and a write of its balance instead of one of each per event (on FerretDB 1.24 every look-up by
 * `_id` is a scan of the collection).
 * Every other operation writes the pending documents first and then runs as asked, so what the projections
 * read and what the store holds after the batch are as if each event had been applied alone.
 * Collections are flushed in the order the batch first wrote them: a later collection's documents (a job's
 * status) are stored after the earlier one's (the rows it counts), as they were event by event.
 */
export class BatchReadStore extends ReadStore {
  /** Pending writes by collection, in the order each collection was first written. */
  private readonly pending = new Map<string, Map<string, Pending>>();

  constructor(private readonly inner: ReadStore) {
    super();
  }

  collection<T extends Doc = Doc>(name: string): ReadCollection<T> {
    return new BatchReadCollection<T>(this.inner.collection<T>(name), name, this);
  }

  /** Documents waiting to be written, across collections. */
  get pendingDocuments(): number {
    let count = 0;
    for (const docs of this.pending.values()) count += docs.size;
    return count;
  }

  /** Writes every pending document; on failure nothing is forgotten, and the runner applies the batch again. */
  async flush(): Promise<void> {
    for (const [name, docs] of this.pending) {
      const collection = this.inner.collection(name);
      const created: Doc[] = [];
      const replaced: BulkOp<Doc>[] = [];
      for (const [id, write] of docs) {
        if (write.kind === 'insertNew') created.push(write.doc);
        else if (write.kind === 'upsert') replaced.push({ kind: 'upsert', doc: write.doc });
        else replaced.push({ kind: 'delete', id });
      }
      // Distinct ids: which of the two goes first changes nothing.
      if (created.length) await collection.insertNew(created);
      if (replaced.length) await collection.bulkWrite(replaced);
      this.pending.delete(name);
    }
  }

  /** @internal the pending writes of one collection, created on first write. */
  pendingOf(name: string, create: true): Map<string, Pending>;
  pendingOf(name: string, create: false): Map<string, Pending> | undefined;
  pendingOf(name: string, create: boolean): Map<string, Pending> | undefined {
    let docs = this.pending.get(name);
    if (!docs && create) this.pending.set(name, (docs = new Map()));
    return docs;
  }

  listCollections(): Promise<string[]> {
    return this.inner.listCollections();
  }

  ping(): Promise<boolean> {
    return this.inner.ping();
  }

  compact(): Promise<void> {
    return this.inner.compact();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

class BatchReadCollection<T extends Doc> extends ReadCollection<T> {
  constructor(
    private readonly inner: ReadCollection<T>,
    private readonly name: string,
    private readonly batch: BatchReadStore,
  ) {
    super();
  }

  async get(id: string): Promise<T | null> {
    const pending = this.batch.pendingOf(this.name, false)?.get(id);
    // A pending insertNew may lose to a stored document: only the store knows which one stands.
    if (pending?.kind === 'upsert') return structuredClone(pending.doc) as T;
    if (pending?.kind === 'delete') return null;
    // Nothing pending for this document: the store has it as the batch left it, whatever else waits.
    if (!pending) return this.inner.get(id);
    return (await this.written()).get(id);
  }

  async upsert(doc: T): Promise<void> {
    this.batch.pendingOf(this.name, true).set(doc._id, { kind: 'upsert', doc: structuredClone(doc) });
  }

  async insertNew(docs: T[]): Promise<void> {
    const pending = this.batch.pendingOf(this.name, true);
    // Already pending either way: the stored document (or the pending one) stands, as insertNew leaves it.
    for (const doc of docs) {
      const before = pending.get(doc._id);
      // After a pending delete nothing stands in the way: the document is written as given.
      if (!before || before.kind === 'delete')
        pending.set(doc._id, { kind: before ? 'upsert' : 'insertNew', doc: structuredClone(doc) });
    }
  }

  async set(id: string, fields: Partial<T>, options?: { upsert?: boolean }): Promise<boolean> {
    return (await this.written()).set(id, fields, options);
  }

  /**
   * A document this batch wrote is deleted with the batch. Any other is deleted at once, ahead of the
   * pending writes (of other documents: the same one's order is kept), so the answer is the store's.
   */
  async delete(id: string): Promise<boolean> {
    const pending = this.batch.pendingOf(this.name, false)?.get(id);
    if (!pending) return this.inner.delete(id);
    if (pending.kind === 'insertNew') return (await this.written()).delete(id);
    this.batch.pendingOf(this.name, true).set(id, { kind: 'delete' });
    return pending.kind === 'upsert';
  }

  async deleteMany(filter: Filter): Promise<number> {
    return (await this.written()).deleteMany(filter);
  }

  async find(options?: FindOptions): Promise<T[]> {
    return (await this.written()).find(options);
  }

  async count(filter?: Filter): Promise<number> {
    return (await this.written()).count(filter);
  }

  async bulkWrite(ops: BulkOp<T>[]): Promise<void> {
    return (await this.written()).bulkWrite(ops);
  }

  async *stream(options?: FindOptions): AsyncIterable<T> {
    yield* (await this.written()).stream(options);
  }

  async ensureIndex(fields: Record<string, 1 | -1>, options?: { unique?: boolean }): Promise<void> {
    return (await this.written()).ensureIndex(fields, options);
  }

  async clear(): Promise<void> {
    return (await this.written()).clear();
  }

  /** The underlying collection once every pending write of the batch is stored, so it reads and writes in log order. */
  private async written(): Promise<ReadCollection<T>> {
    await this.batch.flush();
    return this.inner;
  }
}
