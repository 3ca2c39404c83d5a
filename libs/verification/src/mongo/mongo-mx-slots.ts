import type { Collection } from 'mongodb';
import { MongoConnection, type MongoConnectionOptions } from '@lib/mongo';
import { CONNECT_WINDOW_MS, MxSlots, slotId } from '../smtp/mx-slots.port';

/**
 * A slot (`takenAt`: when its connection was counted); or, with no holder, the connection cap recorded for
 * the pool (`cap`), the marker of a process waiting for one of its slots (`wantedBy`), or the connect of a
 * slot released within a second of its take (`takenAt`, expiring a second after it): one find of the pool
 * reads them all.
 */
type SlotDoc = {
  _id: string;
  pool: string;
  holder: string;
  expiresAt: Date;
  takenAt?: Date;
  cap?: number;
  wantedBy?: string;
};

const COLLECTION = 'smtp_mx_slots';
const capId = (pool: string) => `${pool}|cap`;
const wantId = (pool: string) => `${pool}|want`;
const DUPLICATE_KEY = 11000;

/**
 * Slots in MongoDB (or FerretDB), shared by every worker of a cluster: taking slot n is an insert of its
 * unique _id, so of two processes reaching for the last free slot exactly one gets it. The collection holds
 * only the slots held now, so the scan FerretDB 1.24 makes for each filter stays a few documents long. A
 * slot whose holder stopped renewing it is deleted by the next taker (FerretDB 1.24 has no TTL index).
 */
export class MongoMxSlots extends MxSlots {
  private readonly mongo: MongoConnection;
  private readonly slots: Collection<SlotDoc>;
  private indexes: Promise<unknown> | null = null;

  constructor(options: Omit<MongoConnectionOptions, 'ignoreUndefined'>) {
    super();
    this.mongo = new MongoConnection(options);
    this.slots = this.mongo.db.collection<SlotDoc>(COLLECTION);
  }

  async take(
    pool: string,
    slots: number,
    holder: string,
    nowMs: number,
    expiresAtMs: number,
    connectsPerSecond = Infinity,
  ): Promise<string | null> {
    const { live, cap, connects } = await this.read(pool, nowMs);
    if (cap !== null) slots = Math.min(slots, cap);
    // Two processes may both pass this count in the same instant: the rate can be overshot by the takes in
    // flight (at most one per process), while the slot count cannot (the unique _id below).
    if (live.size >= slots || connects >= connectsPerSecond) return null;
    for (let n = 0; n < slots; n++) {
      const id = slotId(pool, n);
      if (live.has(id)) continue;
      try {
        await this.slots.insertOne({
          _id: id,
          pool,
          holder,
          expiresAt: new Date(expiresAtMs),
          takenAt: new Date(nowMs),
        });
        return id;
      } catch (error) {
        if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
        // another process took this one first: try the next
      }
    }
    return null;
  }

  async held(pool: string, nowMs: number): Promise<number> {
    return (await this.read(pool, nowMs)).live.size;
  }

  async recordCap(pool: string, cap: number, untilMs: number): Promise<void> {
    await this.ensureIndexes();
    const doc = { pool, holder: '', expiresAt: new Date(untilMs), cap };
    // A whole-document replace, not an increment: two processes recording at once leave one of their caps.
    await this.slots.replaceOne({ _id: capId(pool) }, doc, { upsert: true });
  }

  async want(pool: string, holder: string, untilMs: number): Promise<void> {
    await this.ensureIndexes();
    // holder '' as on the cap: the waiter's renewals (updateMany by holder) must not keep its marker alive.
    const doc = { pool, holder: '', expiresAt: new Date(untilMs), wantedBy: holder };
    await this.slots.replaceOne({ _id: wantId(pool) }, doc, { upsert: true });
  }

  async wanted(holder: string, nowMs: number): Promise<string[]> {
    await this.ensureIndexes();
    const docs = await this.slots
      .find({ wantedBy: { $exists: true } }, { projection: { pool: 1, expiresAt: 1, wantedBy: 1 } })
      .toArray();
    return docs.filter((doc) => doc.wantedBy !== holder && doc.expiresAt.getTime() > nowMs).map((doc) => doc.pool);
  }

  async release(id: string, holder: string, nowMs: number): Promise<void> {
    await this.ensureIndexes();
    const slot = await this.slots.findOneAndDelete({ _id: id, holder });
    if (!slot?.takenAt || slot.takenAt.getTime() + CONNECT_WINDOW_MS <= nowMs) return;
    // The connect still counts for the rest of its second: kept as a record of its own (the slot is free now).
    const expiresAt = new Date(slot.takenAt.getTime() + CONNECT_WINDOW_MS);
    const connect = { pool: slot.pool, holder: '', expiresAt, takenAt: slot.takenAt };
    await this.slots.insertOne({ _id: `${id}|${holder}|${slot.takenAt.getTime()}`, ...connect });
  }

  async renew(holder: string, expiresAtMs: number): Promise<void> {
    await this.ensureIndexes();
    // $set by the only writer of these documents: nothing concurrent to lose (unlike $inc on FerretDB).
    await this.slots.updateMany({ holder }, { $set: { expiresAt: new Date(expiresAtMs) } });
  }

  close(): Promise<void> {
    return this.mongo.close();
  }

  /** The pool's live slots and its live cap; what expired is deleted on the way. */
  /** The pool's live slots, its live cap and its connects of the last second; what expired is deleted on the way. */
  private async read(
    pool: string,
    nowMs: number,
  ): Promise<{ live: Set<string>; cap: number | null; connects: number }> {
    await this.ensureIndexes();
    const projection = { holder: 1, expiresAt: 1, takenAt: 1, cap: 1, wantedBy: 1 };
    const docs = await this.slots.find({ pool }, { projection }).toArray();
    const live = new Set<string>();
    let cap: number | null = null;
    let connects = 0;
    for (const doc of docs) {
      if (doc.expiresAt.getTime() <= nowMs) {
        // Only the expired holding is deleted: had its holder renewed meanwhile, expiresAt no longer matches.
        await this.slots.deleteOne({ _id: doc._id, holder: doc.holder, expiresAt: doc.expiresAt });
        continue;
      }
      if (doc.takenAt && doc.takenAt.getTime() > nowMs - CONNECT_WINDOW_MS) connects++;
      if (doc.cap !== undefined) cap = doc.cap;
      else if (doc.holder !== '') live.add(doc._id);
    }
    return { live, cap, connects };
  }

  private ensureIndexes(): Promise<unknown> {
    this.indexes ??= Promise.all([this.slots.createIndex({ pool: 1 }), this.slots.createIndex({ holder: 1 })]).catch(
      (error) => {
        this.indexes = null; // tried again by the next call
        throw error;
      },
    );
    return this.indexes;
  }
}
