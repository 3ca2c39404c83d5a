import * as path from 'node:path';
import { AppConfig } from '@lib/config';
import { openSlotStore } from '@lib/slots';
import { SignInAttempts } from './sign-in-attempts';

/** Chooses the store once from configuration, as describeAdapters reports it: MongoDB when MONGO_URL is set, else the SQLite file. */
export function createSignInAttempts(
  config: Pick<AppConfig, 'mongoUrl' | 'mongoDatabase' | 'dataDir'>,
): SignInAttempts {
  const { mongoUrl, mongoDatabase } = config;
  const file = path.join(config.dataDir, 'sign-in-attempts.sqlite');
  return new SignInAttempts(openSlotStore({ mongoUrl, mongoDatabase, collection: 'slots_sign_in_attempts', file }));
}
