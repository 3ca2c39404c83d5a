// The slot store of the rate limits, the sign-in throttle and the MX sessions on a real MongoDB-wire server
// (MONGO_URL: FerretDB from the script, or MongoDB).
import { MongoClient } from 'mongodb';
import { MongoSlots, slotStoreContract } from '@lib/slots/testing';
import { describeWithServers, uniqueDbName } from '../../support/cluster/servers';

describeWithServers(['MONGO_URL'], 'SlotStore on MongoDB', ({ MONGO_URL }) => {
  const dbName = uniqueDbName('it_slots');
  afterAll(async () => {
    const client = await MongoClient.connect(MONGO_URL);
    await client.db(dbName).dropDatabase();
    await client.close();
  });

  slotStoreContract('mongodb', async () => {
    const slots = new MongoSlots({ url: MONGO_URL, dbName }, 'slots_contract');
    return { slots, cleanup: () => slots.close() };
  });
});
