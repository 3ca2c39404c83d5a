// The SignInAttempts contract against a MongoDB-wire server (MONGO_URL: FerretDB from the script, or MongoDB).
import { MongoClient } from 'mongodb';
import { MongoSignInAttempts } from '../../libs/domain/identity/src/sign-in-throttle/mongo/mongo-sign-in-attempts';
import { signInAttemptsContract } from '../../libs/domain/identity/src/testing/sign-in-attempts.contract';
import { describeWithServers, uniqueDbName } from '../support/cluster/servers';

describeWithServers(['MONGO_URL'], 'MongoDB sign-in attempts adapter', ({ MONGO_URL }) => {
  const dbName = uniqueDbName('it_signin');

  afterAll(async () => {
    const client = await MongoClient.connect(MONGO_URL);
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  signInAttemptsContract('mongodb', async () => {
    const attempts = new MongoSignInAttempts({ url: MONGO_URL, dbName });
    return { attempts, cleanup: () => attempts.close() };
  });
});
