import { MongoClient, type Db } from 'mongodb';
import { settleWithin } from '@lib/common';

export interface MongoConnectionOptions {
  /** e.g. `mongodb://mongo:27017/?replicaSet=rs0`. */
  url: string;
  dbName: string;
  /** How long an operation waits for a reachable server before failing. Default 10 s. */
  serverSelectionTimeoutMs?: number;
  /** How long ping() waits for an answer. Default 2 s. */
  pingTimeoutMs?: number;
  /** Drop undefined fields on write instead of storing null (the driver's default is to store null). */
  ignoreUndefined?: boolean;
}

/**
 * One MongoDB client and database, as the Mongo adapters (read store, GridFS blob store) hold them.
 * The driver connects lazily and reconnects by itself, so constructing this does no I/O.
 */
export class MongoConnection {
  readonly client: MongoClient;
  readonly db: Db;

  constructor(private readonly options: MongoConnectionOptions) {
    this.client = new MongoClient(options.url, {
      serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 10_000,
      ...(options.ignoreUndefined ? { ignoreUndefined: true } : {}),
    });
    this.db = this.client.db(options.dbName);
  }

  /** True when the server answers a ping within the ping timeout (the driver alone would wait the whole server-selection timeout). */
  ping(): Promise<boolean> {
    const answer = this.db.command({ ping: 1 }).then(
      (reply) => reply.ok === 1,
      () => false,
    );
    return settleWithin(answer, this.options.pingTimeoutMs ?? 2000, false);
  }

  /** Closes the connection pool. */
  async close(): Promise<void> {
    await this.client.close();
  }
}
