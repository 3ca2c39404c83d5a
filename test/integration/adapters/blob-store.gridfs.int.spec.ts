// The BlobStore contract against GridFS on a MongoDB-wire server (MONGO_URL).
import { MongoClient } from 'mongodb';
import { GridFsBlobStore } from '@lib/blobstore';
import { blobStoreContract } from '@lib/blobstore/testing';
import { describeWithServers, uniqueDbName } from '../../support/cluster/servers';

describeWithServers(['MONGO_URL'], 'GridFS blob store adapter', ({ MONGO_URL }) => {
  const dbName = uniqueDbName('it_blobs');

  afterAll(async () => {
    const client = await MongoClient.connect(MONGO_URL);
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  blobStoreContract('gridfs', async () => {
    const store = new GridFsBlobStore({ url: MONGO_URL, dbName });
    return { store, cleanup: () => store.close() };
  });
});
