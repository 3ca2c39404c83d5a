import { randomBytes } from 'node:crypto';
import type { Collection } from 'mongodb';
import { mapBounded } from '@lib/common';
import { MongoConnection, type MongoConnectionOptions } from '@lib/mongo';
import { DataKey, DataKeyStore } from '../data-key-store.port';
import { MasterKeys } from '../master-keys';
import { keyBinding, newKeyId } from '../data-key-ids';

type KeyDoc = { _id: string; keyId: string; masterKeyId: string; wrapped: string };

const COLLECTION = 'data_keys';
const DUPLICATE_KEY = 11000;
const LOOKUPS_AT_ONCE = 16;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Data keys in MongoDB (or FerretDB on PostgreSQL), shared by every process of a cluster; one document per
 * scope, so of two processes creating a scope's key at once the first insert wins and both use it.
 */
export class MongoDataKeyStore extends DataKeyStore {
  private readonly mongo: MongoConnection;
  private readonly keys: Collection<KeyDoc>;
  private indexed: Promise<string> | null = null;

  constructor(
    options: Omit<MongoConnectionOptions, 'ignoreUndefined'>,
    private readonly masters: MasterKeys,
  ) {
    super();
    this.mongo = new MongoConnection(options);
    this.keys = this.mongo.db.collection<KeyDoc>(COLLECTION);
  }

  /**
   * Inserts first: a new scope (most of them: one per address) costs no look-up, only the ones that already
   * had a key (a duplicate `_id`, created earlier or by another process at once) are read back.
   */
  async keysFor(scopes: string[]): Promise<Map<string, DataKey>> {
    const docs: KeyDoc[] = [...new Set(scopes)].map((scope) => {
      const keyId = newKeyId();
      return { _id: scope, keyId, ...this.masters.wrap(randomBytes(32), keyBinding(scope, keyId)) };
    });
    let before = new Set<number>();
    try {
      await this.keys.insertMany(docs, { ordered: false });
    } catch (error) {
      const errors = (error as { writeErrors?: { code: number; index: number }[] }).writeErrors ?? [];
      if (errors.length === 0 || errors.some((e) => e.code !== DUPLICATE_KEY)) throw error;
      before = new Set(errors.map((e) => e.index));
    }
    const keys = await this.existing([...before].map((index) => docs[index]._id));
    docs.forEach((doc, index) => {
      if (!before.has(index)) keys.set(doc._id, this.unwrapped(doc));
    });
    return keys;
  }

  async existing(scopes: string[]): Promise<Map<string, DataKey>> {
    const keys = new Map<string, DataKey>();
    for (const doc of await this.docsWhere('_id', scopes)) keys.set(doc._id, this.unwrapped(doc));
    return keys;
  }

  async byKeyIds(keyIds: string[]): Promise<Map<string, DataKey>> {
    await (this.indexed ??= this.keys.createIndex({ keyId: 1 }, { unique: true }));
    const keys = new Map<string, DataKey>();
    for (const doc of await this.docsWhere('keyId', keyIds)) keys.set(doc.keyId, this.unwrapped(doc));
    return keys;
  }

  /**
   * One equality query per value, a few at a time: FerretDB 1.24 pushes an equality filter down to
   * PostgreSQL but not `$in`, for which it reads the whole collection into itself and filters there, so one
   * `$in` over a store of many keys cost seconds where the equalities cost a scan in the database each.
   */
  private async docsWhere(field: '_id' | 'keyId', values: string[]): Promise<KeyDoc[]> {
    const found = await mapBounded([...new Set(values)], LOOKUPS_AT_ONCE, (value) =>
      this.keys.findOne({ [field]: value } as Partial<KeyDoc>),
    );
    return found.filter((doc): doc is KeyDoc => doc !== null);
  }

  async destroy(scopes: string[]): Promise<number> {
    const { deletedCount } = await this.keys.deleteMany({ _id: { $in: [...new Set(scopes)] } });
    return deletedCount;
  }

  async destroyPrefix(prefix: string): Promise<number> {
    const { deletedCount } = await this.keys.deleteMany({ _id: { $regex: `^${escapeRegex(prefix)}` } });
    return deletedCount;
  }

  async scopesUnder(prefix: string, options: { after?: string; limit?: number } = {}): Promise<string[]> {
    const docs = await this.keys
      .find(
        { _id: { $regex: `^${escapeRegex(prefix)}`, $gt: options.after ?? '' } },
        { projection: { _id: 1 }, sort: { _id: 1 }, limit: options.limit ?? 1000 },
      )
      .toArray();
    return docs.map((doc) => doc._id);
  }

  async rewrap(): Promise<number> {
    const stale = await this.keys.find({ masterKeyId: { $ne: this.masters.current.id } }).toArray();
    for (const doc of stale) {
      const { key } = this.unwrapped(doc);
      const rewrapped = this.masters.wrap(key, keyBinding(doc._id, doc.keyId));
      await this.keys.updateOne({ _id: doc._id, keyId: doc.keyId }, { $set: rewrapped });
    }
    return stale.length;
  }

  async close(): Promise<void> {
    await this.mongo.close();
  }

  private unwrapped(doc: KeyDoc): DataKey {
    return {
      scope: doc._id,
      keyId: doc.keyId,
      key: this.masters.unwrap(doc.masterKeyId, doc.wrapped, keyBinding(doc._id, doc.keyId)),
    };
  }
}
