// The per-MX session slots shared by workers behind one egress address, on a real MongoDB-wire server
// (MONGO_URL: FerretDB from the script, or MongoDB).
import { MongoClient } from 'mongodb';
import { MongoMxSlots } from '../../libs/domain/verification/src/mongo/mongo-mx-slots';
import { mxSlotsContract } from '../../libs/domain/verification/src/testing/mx-slots.contract';
import { describeWithServers, uniqueDbName } from '../support/cluster/servers';

describeWithServers(['MONGO_URL'], 'MxSlots on MongoDB', ({ MONGO_URL }) => {
  const dbName = uniqueDbName('it_mx_slots');
  afterAll(async () => {
    const client = await MongoClient.connect(MONGO_URL);
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  mxSlotsContract('mongodb', async () => {
    const slots = new MongoMxSlots({ url: MONGO_URL, dbName });
    return { slots, cleanup: () => slots.close() };
  });
});
