// Driver plumbing shared by the MongoDB adapters (readstore, blobstore); imports only @lib/common.
export { MongoConnection, type MongoConnectionOptions } from './mongo-connection';
