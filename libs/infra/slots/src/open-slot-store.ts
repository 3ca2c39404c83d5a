import { MemorySlots } from './embedded/memory-slots';
import { SqliteSlots } from './embedded/sqlite-slots';
import { MongoSlots } from './mongo/mongo-slots';
import { SlotStore } from './slot-store.port';

/** Where a use of the slots keeps them, by the process's configuration. */
export interface SlotStorePlace {
  /** MONGO_URL: set, the slots are in MongoDB and every process of the cluster shares them. */
  mongoUrl?: string | null;
  mongoDatabase: string;
  /** The use's own collection on MongoDB. */
  collection: string;
  /** Embedded: the SQLite file every process of the machine shares; none keeps them in this process's memory. */
  file?: string;
}

/** The slot store of one use: MongoDB when MONGO_URL is set, else the SQLite file when it has one, else memory. */
export function openSlotStore(place: SlotStorePlace): SlotStore {
  if (place.mongoUrl) return new MongoSlots({ url: place.mongoUrl, dbName: place.mongoDatabase }, place.collection);
  return place.file ? new SqliteSlots(place.file) : new MemorySlots();
}
