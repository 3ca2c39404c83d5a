import type { Collection } from 'mongodb';
import { MongoConnection, type MongoConnectionOptions } from '@lib/mongo';
import { AttemptWindow, firstFreeSlot, SignInAttempts, slotId } from '../sign-in-attempts.port';

type SlotDoc = { _id: string; key: string; window: number; n: number; expiresAt: Date };

const COLLECTION = 'sign_in_attempts';
/** Inserts tried per take before giving up as throttled (each failed one means another attempt took that slot). */
const MAX_INSERTS = 20;
const DUPLICATE_KEY = 11000;

/**
 * Sign-in attempts in MongoDB (or FerretDB), shared by every process of a cluster. Taking a slot is an
 * insert of its unique _id: of concurrent attempts on one slot exactly one is stored, the others get a
 * duplicate-key error and try the next free slot. Expired windows are deleted by purgeExpired (FerretDB
 * 1.24 has no TTL index).
 */
export class MongoSignInAttempts extends SignInAttempts {
  private readonly mongo: MongoConnection;
  private readonly slots: Collection<SlotDoc>;
  private indexes: Promise<unknown> | null = null;

  constructor(options: Omit<MongoConnectionOptions, 'ignoreUndefined'>) {
    super();
    this.mongo = new MongoConnection(options);
    this.slots = this.mongo.db.collection<SlotDoc>(COLLECTION);
  }

  async take(key: string, window: AttemptWindow, limit: number): Promise<string | null> {
    await this.ensureIndexes();
    const filter = { key, window: window.index };
    const count = await this.slots.countDocuments(filter);
    if (count >= limit) return null;
    // Usually the next slot is the count; after a release (a gap) or a lost race, the first free one.
    let n: number | null = count;
    for (let tries = 0; tries < MAX_INSERTS; tries++) {
      if (tries > 0)
        n = firstFreeSlot(
          (await this.slots.find(filter, { projection: { n: 1 } }).toArray()).map((slot) => slot.n),
          limit,
        );
      if (n === null) return null;
      const id = slotId(key, window.index, n);
      try {
        await this.slots.insertOne({ _id: id, key, window: window.index, n, expiresAt: new Date(window.expiresAtMs) });
        return id;
      } catch (error) {
        if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      }
    }
    return null;
  }

  async release(id: string): Promise<void> {
    await this.slots.deleteOne({ _id: id });
  }

  async clear(key: string): Promise<void> {
    await this.ensureIndexes();
    await this.slots.deleteMany({ key });
  }

  async purgeExpired(nowMs: number): Promise<number> {
    await this.ensureIndexes();
    return (await this.slots.deleteMany({ expiresAt: { $lte: new Date(nowMs) } })).deletedCount;
  }

  close(): Promise<void> {
    return this.mongo.close();
  }

  private ensureIndexes(): Promise<unknown> {
    this.indexes ??= Promise.all([
      this.slots.createIndex({ key: 1, window: 1 }),
      this.slots.createIndex({ expiresAt: 1 }),
    ]).catch((error) => {
      this.indexes = null; // tried again by the next call
      throw error;
    });
    return this.indexes;
  }
}
