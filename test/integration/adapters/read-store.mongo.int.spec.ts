// The ReadStore contract against a MongoDB-wire server (MONGO_URL: FerretDB from the script, or MongoDB).
import { MongoClient } from 'mongodb';
import { MongoReadStore } from '@lib/readstore';
import { readStoreContract } from '@lib/readstore/testing';
import { describeWithServers, uniqueDbName } from '../../support/cluster/servers';

describeWithServers(['MONGO_URL'], 'MongoDB read store adapter', ({ MONGO_URL }) => {
  const dbName = uniqueDbName('it_readstore');

  afterAll(async () => {
    const client = await MongoClient.connect(MONGO_URL);
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  readStoreContract('mongodb', async () => {
    const store = new MongoReadStore({ url: MONGO_URL, dbName });
    return { store, cleanup: () => store.close() };
  });
});
