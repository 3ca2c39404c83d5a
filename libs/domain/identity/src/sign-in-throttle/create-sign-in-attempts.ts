import * as path from 'node:path';
import { AppConfig } from '@lib/config';
import { SqliteSignInAttempts } from './embedded/sqlite-sign-in-attempts';
import { MongoSignInAttempts } from './mongo/mongo-sign-in-attempts';
import { SignInAttempts } from './sign-in-attempts.port';

/** Chooses the adapter once from configuration, as describeAdapters reports it: MongoDB when MONGO_URL is set, else the SQLite file. */
export function createSignInAttempts(
  config: Pick<AppConfig, 'mongoUrl' | 'mongoDatabase' | 'dataDir'>,
): SignInAttempts {
  if (config.mongoUrl) return new MongoSignInAttempts({ url: config.mongoUrl, dbName: config.mongoDatabase });
  return new SqliteSignInAttempts(path.join(config.dataDir, 'sign-in-attempts.sqlite'));
}
