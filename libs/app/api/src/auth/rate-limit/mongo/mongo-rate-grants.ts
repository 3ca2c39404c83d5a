import type { Collection } from 'mongodb';
import { MongoConnection, type MongoConnectionOptions } from '@lib/mongo';
import { grantId, RateGrant, RateGrants } from '../rate-grants.port';

type GrantDoc = { _id: string; key: string; seq: number; tatMs: number; expiresAt: Date };

const COLLECTION = 'api_rate_grants';
const DUPLICATE_KEY = 11000;

/**
 * Grants in MongoDB (or FerretDB), shared by every api process of a cluster: recording grant n is an insert
 * of its unique _id, so of two processes granting from the same bucket state exactly one succeeds. Expired
 * grants are deleted by purgeExpired (FerretDB 1.24 has no TTL index).
 */
export class MongoRateGrants extends RateGrants {
  private readonly mongo: MongoConnection;
  private readonly grants: Collection<GrantDoc>;
  private indexes: Promise<unknown> | null = null;

  constructor(options: Omit<MongoConnectionOptions, 'ignoreUndefined'>) {
    super();
    this.mongo = new MongoConnection(options);
    this.grants = this.mongo.db.collection<GrantDoc>(COLLECTION);
  }

  async latest(key: string): Promise<RateGrant | null> {
    await this.ensureIndexes();
    const newest = await this.grants.findOne({ key }, { sort: { seq: -1 }, projection: { seq: 1, tatMs: 1 } });
    return newest ? { seq: newest.seq, tatMs: newest.tatMs } : null;
  }

  async record(key: string, grant: RateGrant, expiresAtMs: number): Promise<boolean> {
    await this.ensureIndexes();
    try {
      await this.grants.insertOne({
        _id: grantId(key, grant.seq),
        key,
        seq: grant.seq,
        tatMs: grant.tatMs,
        expiresAt: new Date(expiresAtMs),
      });
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === DUPLICATE_KEY) return false;
      throw error;
    }
  }

  async purgeExpired(nowMs: number): Promise<number> {
    await this.ensureIndexes();
    return (await this.grants.deleteMany({ expiresAt: { $lte: new Date(nowMs) } })).deletedCount;
  }

  close(): Promise<void> {
    return this.mongo.close();
  }

  private ensureIndexes(): Promise<unknown> {
    this.indexes ??= Promise.all([
      this.grants.createIndex({ key: 1, seq: -1 }),
      this.grants.createIndex({ expiresAt: 1 }),
    ]).catch((error) => {
      this.indexes = null; // tried again by the next call
      throw error;
    });
    return this.indexes;
  }
}
