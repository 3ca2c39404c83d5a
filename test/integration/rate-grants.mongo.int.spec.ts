// The shared per-key rate limit's store on a real MongoDB-wire server (MONGO_URL: FerretDB from the script, or MongoDB).
import { MongoClient } from 'mongodb';
import { MongoRateGrants } from '../../libs/app/api/src/auth/rate-limit/mongo/mongo-rate-grants';
import { rateGrantsContract } from '../../libs/app/api/src/testing/rate-grants.contract';
import { describeWithServers, uniqueDbName } from '../support/cluster/servers';

describeWithServers(['MONGO_URL'], 'RateGrants on MongoDB', ({ MONGO_URL }) => {
  const dbName = uniqueDbName('it_rate_grants');
  afterAll(async () => {
    const client = await MongoClient.connect(MONGO_URL);
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  rateGrantsContract('mongodb', async () => {
    const grants = new MongoRateGrants({ url: MONGO_URL, dbName });
    return { grants, cleanup: () => grants.close() };
  });
});
