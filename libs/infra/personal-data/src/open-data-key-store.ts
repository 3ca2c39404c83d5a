import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PersonalDataConfig } from '@lib/config';
import type { DataKeyStore } from './data-key-store.port';
import { developmentMasterKeyFile } from './embedded/development-master-key-file';
import { SqliteDataKeyStore } from './embedded/sqlite-data-key-store';
import { MasterKeys, masterKeyOf } from './master-keys';
import { developmentMasterKeyDoc } from './mongo/development-master-key-doc';
import { MongoDataKeyStore } from './mongo/mongo-data-key-store';
import { PostgresDataKeyStore } from './postgres/postgres-data-key-store';

export interface DataKeyStoreChoice {
  dataDir: string;
  mongo: { url: string; dbName: string } | null;
  personalData: PersonalDataConfig;
}

/**
 * The data key store of this topology: PostgreSQL when DATA_KEYS_POSTGRES_URL names one (a cluster on
 * FerretDB), else MongoDB when the read store is, else a SQLite file in DATA_DIR.
 */
export async function openDataKeyStore({ dataDir, mongo, personalData }: DataKeyStoreChoice): Promise<DataKeyStore> {
  fs.mkdirSync(dataDir, { recursive: true });
  const configured = personalData.masterKey ? Buffer.from(personalData.masterKey, 'base64') : null;
  const current =
    configured ??
    (mongo ? await developmentMasterKeyDoc(mongo) : developmentMasterKeyFile(path.join(dataDir, 'data-master.key')));
  const masters = new MasterKeys(
    masterKeyOf(current),
    personalData.previousMasterKeys.map((key) => masterKeyOf(Buffer.from(key, 'base64'))),
  );
  if (personalData.keyStorePostgres) return new PostgresDataKeyStore(personalData.keyStorePostgres, masters);
  return mongo
    ? new MongoDataKeyStore(mongo, masters)
    : new SqliteDataKeyStore(path.join(dataDir, 'data-keys.sqlite'), masters);
}
