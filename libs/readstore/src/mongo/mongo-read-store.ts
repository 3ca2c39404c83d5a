import { MongoClient, type Db } from 'mongodb';
import { ReadStore, type Doc, type ReadCollection } from '../read-store.port';
import { MongoReadCollection, type StoredDoc } from './mongo-read-collection';

export interface MongoReadStoreOptions {
  /** e.g. `mongodb://mongo:27017/?replicaSet=rs0`. */
  url: string;
  /** Database holding the read models. */
  dbName: string;
  /** How long an operation waits for a reachable server before failing. Default 10 s. */
  serverSelectionTimeoutMs?: number;
  /** How long ping() waits for an answer. Default 2 s. */
  pingTimeoutMs?: number;
}

/**
 * The read store on MongoDB (or a MongoDB-wire server such as FerretDB). The driver connects lazily
 * and reconnects by itself; no operation relies on transactions.
 */
export class MongoReadStore extends ReadStore {
  private readonly client: MongoClient;
  private readonly db: Db;
  private readonly collections = new Map<string, MongoReadCollection<any>>();

  constructor(private readonly options: MongoReadStoreOptions) {
    super();
    this.client = new MongoClient(options.url, {
      serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 10_000,
      // Read models are JSON: an undefined field is absent, as in the embedded store.
      ignoreUndefined: true,
    });
    this.db = this.client.db(options.dbName);
  }

  /** The collection with this name; Mongo creates it on first write. */
  collection<T extends Doc = Doc>(name: string): ReadCollection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new MongoReadCollection<T>(this.db.collection<StoredDoc>(name));
      this.collections.set(name, collection);
    }
    return collection as MongoReadCollection<T>;
  }

  /** Names of existing collections, without system collections. */
  async listCollections(): Promise<string[]> {
    const infos = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return infos.map((info) => info.name).filter((name) => !name.startsWith('system.'));
  }

  /** True when the server answers a ping within the ping timeout. */
  async ping(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), this.options.pingTimeoutMs ?? 2000)));
    const answer = this.db.command({ ping: 1 }).then(
      (reply) => reply.ok === 1,
      () => false,
    );
    try {
      return await Promise.race([answer, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes the connection pool. */
  async close(): Promise<void> {
    await this.client.close();
  }
}
