// The DataKeyStore contract against a MongoDB-wire server (MONGO_URL: FerretDB on PostgreSQL from the script,
// or MongoDB): the keys that seal personal fields, shared by every process of a cluster.
import { MongoClient } from 'mongodb';
import { dataKeyStoreContract, MongoDataKeyStore } from '@lib/personal-data/testing';
import { describeWithServers, uniqueDbName } from '../../support/cluster/servers';

describeWithServers(['MONGO_URL'], 'MongoDB data key store', ({ MONGO_URL }) => {
  const dbName = uniqueDbName('it_data_keys');

  afterAll(async () => {
    const client = await MongoClient.connect(MONGO_URL);
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  dataKeyStoreContract(
    'MongoDataKeyStore',
    async (masters) => new MongoDataKeyStore({ url: MONGO_URL, dbName }, masters),
  );
});
