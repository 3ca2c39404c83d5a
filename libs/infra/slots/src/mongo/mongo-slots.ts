import type { Collection } from 'mongodb';
import { MongoConnection, type MongoConnectionOptions } from '@lib/mongo';
import { assertNote, Slot, SlotRef, SlotStore } from '../slot-store.port';

type SlotDoc = { _id: string; group: string; n: number; holder: string; expiresAt: Date; value: number };

const DUPLICATE_KEY = 11000;
const PROJECTION = { group: 1, n: 1, holder: 1, expiresAt: 1, value: 1 } as const;
/** The store's id of number `n` of `group`: unique, so only one process can insert it. */
const idOf = (group: string, n: number): string => `${group}|${n}`;

const toSlot = (doc: Omit<SlotDoc, '_id'>): Slot => ({
  group: doc.group,
  n: doc.n,
  holder: doc.holder,
  expiresAtMs: doc.expiresAt.getTime(),
  value: doc.value,
});

const toDoc = (slot: Slot): SlotDoc => ({
  _id: idOf(slot.group, slot.n),
  group: slot.group,
  n: slot.n,
  holder: slot.holder,
  expiresAt: new Date(slot.expiresAtMs),
  value: slot.value,
});

/**
 * Slots in one MongoDB (or FerretDB) collection, shared by every process of a cluster: taking a slot is an
 * insert of its unique _id, so of two processes reaching for the same one exactly one gets it. The users keep
 * the collection short (a purge now and then, or the expired slots of a group deleted when it is read), so the
 * scan FerretDB 1.24 makes for each filter stays short too.
 */
export class MongoSlots extends SlotStore {
  readonly remote = true;
  private readonly mongo: MongoConnection;
  private readonly slots: Collection<SlotDoc>;
  private indexes: Promise<unknown> | null = null;

  /** `collection`: one per use (the rate limits, the sign-in throttle, the MX sessions). */
  constructor(options: Omit<MongoConnectionOptions, 'ignoreUndefined'>, collection: string) {
    super();
    this.mongo = new MongoConnection(options);
    this.slots = this.mongo.db.collection<SlotDoc>(collection);
  }

  async insert(slot: Slot): Promise<boolean> {
    await this.ensureIndexes();
    try {
      await this.slots.insertOne(toDoc(slot));
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  async note(note: Slot): Promise<void> {
    assertNote(note);
    await this.ensureIndexes();
    // A whole-document replace, not an increment: two processes writing at once leave one of their notes.
    const { _id, ...doc } = toDoc(note);
    await this.slots.replaceOne({ _id }, doc, { upsert: true });
  }

  async list(group: string, nowMs: number): Promise<Slot[]> {
    await this.ensureIndexes();
    const docs = await this.slots.find({ group }, { projection: PROJECTION, sort: { n: 1 } }).toArray();
    const live: Slot[] = [];
    for (const doc of docs) {
      if (doc.expiresAt.getTime() > nowMs) live.push(toSlot(doc));
      // Only the expired holding is deleted: had its holder renewed meanwhile, expiresAt no longer matches.
      else await this.slots.deleteOne({ _id: doc._id, holder: doc.holder, expiresAt: doc.expiresAt });
    }
    return live;
  }

  async last(group: string): Promise<Slot | null> {
    await this.ensureIndexes();
    const found = await this.slots.findOne({ group }, { sort: { n: -1 }, projection: PROJECTION });
    return found ? toSlot(found) : null;
  }

  async all(nowMs: number): Promise<Slot[]> {
    await this.ensureIndexes();
    // No filter: FerretDB 1.24 would scan the collection for one all the same.
    const docs = await this.slots.find({}, { projection: PROJECTION }).toArray();
    return docs.filter((doc) => doc.expiresAt.getTime() > nowMs).map(toSlot);
  }

  async release({ group, n, holder }: SlotRef): Promise<void> {
    if (n < 0) return;
    await this.ensureIndexes();
    await this.slots.deleteOne({ _id: idOf(group, n), holder });
  }

  async releaseAll(holder: string): Promise<void> {
    await this.ensureIndexes();
    await this.slots.deleteMany({ holder, n: { $gte: 0 } });
  }

  async renew(holder: string, expiresAtMs: number): Promise<void> {
    await this.ensureIndexes();
    // $set by the only writer of these documents: nothing concurrent to lose (unlike $inc on FerretDB).
    await this.slots.updateMany({ holder, n: { $gte: 0 } }, { $set: { expiresAt: new Date(expiresAtMs) } });
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
      this.slots.createIndex({ group: 1, n: -1 }),
      this.slots.createIndex({ holder: 1 }),
      this.slots.createIndex({ expiresAt: 1 }),
    ]).catch((error) => {
      this.indexes = null; // tried again by the next call
      throw error;
    });
    return this.indexes;
  }
}
