import { MongoConnection, type MongoConnectionOptions } from '@lib/mongo';
import { ReadStore, type Doc, type ReadCollection } from '../read-store.port';
import { MongoReadCollection } from './mongo-read-collection';
import type { StoredDoc } from './stored-doc';

/** Connection settings; undefined fields are always dropped (see the constructor), so that is not an option. */
export type MongoReadStoreOptions = Omit<MongoConnectionOptions, 'ignoreUndefined'>;

/**
 * The read store on MongoDB (or a MongoDB-wire server such as FerretDB). The driver connects lazily
 * and reconnects by itself; no operation relies on transactions.
 */
export class MongoReadStore extends ReadStore {
  private readonly mongo: MongoConnection;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads are typed by the reader (the port stores any JSON); see CONTRIBUTING.md
  private readonly collections = new Map<string, MongoReadCollection<any>>();

  constructor(options: MongoReadStoreOptions) {
    super();
    // Read models are JSON: an undefined field is absent, as in the embedded store.
    this.mongo = new MongoConnection({ ...options, ignoreUndefined: true });
  }

  /** The collection with this name; Mongo creates it on first write. */
  collection<T extends Doc = Doc>(name: string): ReadCollection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new MongoReadCollection<T>(this.mongo.db.collection<StoredDoc>(name));
      this.collections.set(name, collection);
    }
    return collection as MongoReadCollection<T>;
  }

  /** Names of existing collections, without system collections. */
  async listCollections(): Promise<string[]> {
    const infos = await this.mongo.db.listCollections({}, { nameOnly: true }).toArray();
    return infos.map((info) => info.name).filter((name) => !name.startsWith('system.'));
  }

  /** The server's journal and vacuum are its own (docs/personal-data.md, operator's duties). */
  async compact(): Promise<void> {}

  /** True when the server answers a ping within the ping timeout. */
  ping(): Promise<boolean> {
    return this.mongo.ping();
  }

  /** Closes the connection pool. */
  close(): Promise<void> {
    return this.mongo.close();
  }
}
