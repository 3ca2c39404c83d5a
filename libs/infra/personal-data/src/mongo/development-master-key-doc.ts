import { randomBytes } from 'node:crypto';
import { MongoConnection, type MongoConnectionOptions } from '@lib/mongo';

const DUPLICATE_KEY = 11000;

/**
 * Development only (DATA_MASTER_KEY unset, never in production): a master key in one document beside the data
 * keys, so every process of a test cluster wraps and unwraps alike. It protects nothing.
 */
export async function developmentMasterKeyDoc(
  options: Omit<MongoConnectionOptions, 'ignoreUndefined'>,
): Promise<Buffer> {
  const mongo = new MongoConnection(options);
  try {
    const docs = mongo.db.collection<{ _id: string; key: string }>('data_master_key');
    try {
      await docs.insertOne({ _id: 'development', key: randomBytes(32).toString('base64') });
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
    }
    const doc = await docs.findOne({ _id: 'development' });
    return Buffer.from(doc!.key, 'base64');
  } finally {
    await mongo.close();
  }
}
