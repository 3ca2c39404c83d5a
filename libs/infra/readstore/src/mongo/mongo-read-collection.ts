import {
  MongoBulkWriteError,
  MongoServerError,
  type AnyBulkWriteOperation,
  type Collection,
  type FindCursor,
} from 'mongodb';
import { ReadCollection, type BulkOp, type Doc, type Filter, type FindOptions } from '../read-store.port';
import { toMongoFilter, toMongoSort } from './mongo-query';
import type { StoredDoc } from './stored-doc';

const DUPLICATE_KEY = 11000;

/** Two concurrent upserts of one new _id can both try to insert; the loser's retry then updates. */
function isIdRace(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY && /_id_|\b_id\b/.test(error.message);
}

async function retryIdRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isIdRace(error)) throw error;
    return write();
  }
}

/** `_id` cannot be changed by $set; it is the key the write already targets. */
function settable(fields: Record<string, unknown>): Record<string, unknown> {
  const { _id, ...rest } = fields;
  return rest;
}

/**
 * One read-model collection on MongoDB. Every write is a single-document operation that is
 * idempotent on replay (replace, $set, delete by _id), so no multi-document transaction is needed.
 */
export class MongoReadCollection<T extends Doc = Doc> extends ReadCollection<T> {
  constructor(private readonly collection: Collection<StoredDoc>) {
    super();
  }

  /** The document with this id, or null. */
  async get(id: string): Promise<T | null> {
    return (await this.collection.findOne({ _id: id })) as T | null;
  }

  /** Inserts or replaces the whole document. */
  async upsert(doc: T): Promise<void> {
    await retryIdRace(() => this.collection.replaceOne({ _id: doc._id }, doc, { upsert: true }));
  }

  /**
   * One unordered insertMany: every document is tried, and a duplicate-key error on a document already
   * stored is the "already there" answer. When the collection has no unique index but `_id`'s (usage facts,
   * row results), that is all a duplicate can be; otherwise which index refused is checked by looking the
   * refused ids up (FerretDB's message names no index), and a clash on another unique index still fails.
   * The look-up is the last resort: FerretDB 1.24 does not push `$in` down, so it reads the whole
   * collection, which on a replay of usage facts cost seconds per redelivered event.
   */
  async insertNew(docs: T[]): Promise<void> {
    if (docs.length === 0) return;
    try {
      await this.collection.insertMany(docs, { ordered: false });
    } catch (error) {
      if (!(error instanceof MongoBulkWriteError)) throw error;
      const refused = [error.writeErrors].flat();
      if (refused.some((e) => e.code !== DUPLICATE_KEY)) throw error;
      if (!(await this.hasUniqueIndexBesideId())) return;
      const ids = refused.map((e) => docs[e.index]._id);
      const stored = await this.collection.find({ _id: { $in: ids } }, { projection: { _id: 1 } }).toArray();
      if (stored.length < new Set(ids).size) throw error;
    }
  }

  private async hasUniqueIndexBesideId(): Promise<boolean> {
    const indexes = await this.collection.listIndexes().toArray();
    return indexes.some((index) => index.unique === true && index.name !== '_id_');
  }

  /** Sets top-level fields; false when the document is missing and no upsert was asked. */
  async set(id: string, fields: Partial<T>, options: { upsert?: boolean } = {}): Promise<boolean> {
    const update = settable(fields);
    if (Object.keys(update).length === 0) {
      if (options.upsert)
        await retryIdRace(() =>
          this.collection.updateOne({ _id: id }, { $setOnInsert: { _id: id } }, { upsert: true }),
        );
      return options.upsert ? true : (await this.get(id)) !== null;
    }
    const result = await retryIdRace(() =>
      this.collection.updateOne({ _id: id }, { $set: update }, { upsert: options.upsert ?? false }),
    );
    return result.matchedCount > 0 || result.upsertedCount > 0;
  }

  /** Removes a document; returns whether it existed. */
  async delete(id: string): Promise<boolean> {
    return (await this.collection.deleteOne({ _id: id })).deletedCount > 0;
  }

  /** Removes every document matching the filter; returns how many. */
  async deleteMany(filter: Filter): Promise<number> {
    return (await this.collection.deleteMany(toMongoFilter(filter))).deletedCount;
  }

  /** Documents matching the filter, sorted (ties broken by _id) and paged. */
  async find(options: FindOptions = {}): Promise<T[]> {
    return (await this.cursor(options).toArray()) as T[];
  }

  /** Number of documents matching the filter. */
  async count(filter?: Filter): Promise<number> {
    return this.collection.countDocuments(toMongoFilter(filter));
  }

  /** Sends the writes as one ordered bulk request (ordered: a failure stops the rest, as in order-by-order application). */
  async bulkWrite(ops: BulkOp<T>[]): Promise<void> {
    if (ops.length === 0) return;
    const writes = ops.map((op): AnyBulkWriteOperation<StoredDoc> => {
      if (op.kind === 'upsert')
        return { replaceOne: { filter: { _id: op.doc._id }, replacement: op.doc, upsert: true } };
      if (op.kind === 'delete') return { deleteOne: { filter: { _id: op.id } } };
      const update = settable(op.fields);
      return {
        updateOne: {
          filter: { _id: op.id },
          update: Object.keys(update).length > 0 ? { $set: update } : { $setOnInsert: { _id: op.id } },
          upsert: op.upsert ?? false,
        },
      };
    });
    await retryIdRace(() => this.collection.bulkWrite(writes, { ordered: true }));
  }

  /** Iterates a server cursor in batches; leaving the loop early closes the cursor. */
  async *stream(options: FindOptions = {}): AsyncIterable<T> {
    const cursor = this.cursor(options).batchSize(500);
    try {
      for await (const doc of cursor) yield doc as T;
    } finally {
      await cursor.close();
    }
  }

  /** Creates the index if it does not exist (createIndex is a no-op for an identical one). */
  async ensureIndex(fields: Record<string, 1 | -1>, options: { unique?: boolean } = {}): Promise<void> {
    await this.collection.createIndex(fields, { unique: options.unique ?? false });
  }

  /** Removes every document but keeps the collection and its indexes. */
  async clear(): Promise<void> {
    await this.collection.deleteMany({});
  }

  private cursor(options: FindOptions): FindCursor<StoredDoc> {
    let cursor = this.collection.find(toMongoFilter(options.filter)).sort(toMongoSort(options.sort));
    if (options.skip) cursor = cursor.skip(options.skip);
    if (options.limit !== undefined) cursor = cursor.limit(options.limit);
    return cursor;
  }
}
