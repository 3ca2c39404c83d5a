// The public surface of readstore: the port, its two adapters, and the projection machinery built on it.
export { ReadStore, ReadCollection, type BulkOp, type Doc, type Filter, type FindOptions } from './read-store.port';
export { readPage } from './read-page';
export { SqliteReadStore } from './embedded/sqlite-read-store';
export { MongoReadStore } from './mongo/mongo-read-store';
export { ObservedReadStore, type ReadStoreObserver, type ReadStoreOperation } from './observed/observed-read-store';
export type { Projection } from './projection/projection';
export { documentProjection } from './projection/document-projection';
export { CheckpointStore } from './projection/checkpoint-store';
export {
  checkpointsAheadOfLog,
  checkpointsAheadProblem,
  CheckpointsAheadError,
  refuseCheckpointsAheadOfLog,
} from './projection/checkpoint-guard';
export { ProjectionRunner } from './projection/projection-runner';
