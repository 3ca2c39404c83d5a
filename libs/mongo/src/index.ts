// Driver plumbing shared by the MongoDB adapters (readstore, blobstore); imports only @lib/common.
export * from './mongo-connection';
