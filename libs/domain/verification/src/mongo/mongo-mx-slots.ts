import type { Collection } from 'mongodb';
import { MongoConnection, type MongoConnectionOptions } from '@lib/mongo';
import { MxSlots, PoolSurvey, slotId, SurveyBuilder } from '../smtp/mx-slots.port';

/**
 * A slot; or, with no holder, the connection cap recorded for the pool (`cap`) or the marker of a process
 * waiting for one of its slots (`wantedBy`): one find of the pool reads them all.
 */
type SlotDoc = {
  _id: string;
  pool: string;
  holder: string;
  expiresAt: Date;
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

  async take(pool: string, slots: number, holder: string, nowMs: number, expiresAtMs: number): Promise<string | null> {
    const { live, cap } = await this.read(pool, nowMs);
    if (cap !== null) slots = Math.min(slots, cap);
    if (live.size >= slots) return null;
    for (let n = 0; n < slots; n++) {
      const id = slotId(pool, n);
      if (live.has(id)) continue;
      try {
        await this.slots.insertOne({ _id: id, pool, holder, expiresAt: new Date(expiresAtMs) });
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

  async survey(holder: string, nowMs: number): Promise<Map<string, PoolSurvey>> {
    await this.ensureIndexes();
    // The whole collection: it holds only the slots held now, the caps and the markers (a few per MX), and
    // a filter would make FerretDB scan it all the same.
    const docs = await this.slots
      .find({}, { projection: { pool: 1, holder: 1, expiresAt: 1, cap: 1, wantedBy: 1 } })
      .toArray();
    const survey = new SurveyBuilder(holder);
    for (const doc of docs) {
      if (doc.expiresAt.getTime() <= nowMs) continue; // deleted by the pool's next take
      if (doc.cap !== undefined) survey.capped(doc.pool, doc.cap);
      else if (doc.wantedBy !== undefined) survey.wantedBy(doc.pool, doc.wantedBy);
      else survey.slotHeld(doc.pool, doc.holder);
    }
    return survey.result();
  }

  async release(id: string, holder: string): Promise<void> {
    await this.ensureIndexes();
    await this.slots.deleteOne({ _id: id, holder });
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
  private async read(pool: string, nowMs: number): Promise<{ live: Set<string>; cap: number | null }> {
    await this.ensureIndexes();
    const docs = await this.slots
      .find({ pool }, { projection: { holder: 1, expiresAt: 1, cap: 1, wantedBy: 1 } })
      .toArray();
    const live = new Set<string>();
    let cap: number | null = null;
    for (const doc of docs) {
      if (doc.expiresAt.getTime() <= nowMs) {
        // Only the expired holding is deleted: had its holder renewed meanwhile, expiresAt no longer matches.
        await this.slots.deleteOne({ _id: doc._id, holder: doc.holder, expiresAt: doc.expiresAt });
        continue;
      }
      if (doc.cap !== undefined) cap = doc.cap;
      else if (doc.holder !== '') live.add(doc._id);
    }
    return { live, cap };
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
