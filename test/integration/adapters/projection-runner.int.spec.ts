// The projection runner on the production read store (MongoDB wire: FerretDB from the script, or MongoDB),
// fed by EventStoreDB when EVENTSTORE_URL is set, else by the embedded SQLite event store.
import { MongoClient } from 'mongodb';
import { MongoReadStore } from '@lib/readstore';
import { eventStoreUnderTest, type EventStoreUnderTest } from '../../support/cluster/event-store-under-test';
import { describeWithServers, uniqueDbName } from '../../support/cluster/servers';
import { projectionRunnerContract } from '@lib/readstore/testing';

describeWithServers(['MONGO_URL'], 'projection runner on MongoDB', ({ MONGO_URL }) => {
  let source: EventStoreUnderTest;

  beforeAll(() => {
    source = eventStoreUnderTest();
    process.stderr.write(`projection runner suite: event store = ${source.adapter}, read store = mongodb\n`);
  });
  afterAll(() => source.cleanup());

  projectionRunnerContract('MongoDB', () => {
    const dbName = uniqueDbName('it_projections');
    return {
      open: () => ({ events: source.open(), reads: new MongoReadStore({ url: MONGO_URL, dbName }) }),
      drop: async () => {
        const admin = await MongoClient.connect(MONGO_URL);
        await admin.db(dbName).dropDatabase();
        await admin.close();
      },
      // An EventStoreDB keeps every earlier run's events; the embedded store's file is this suite's.
      freshLog: false,
    };
  });
});
