// The public surface of readstore: the port, its two adapters, and the projection machinery built on it.
export { ReadStore, ReadCollection, type BulkOp, type Doc, type Filter, type FindOptions } from './read-store.port';
export { readPage, type PageWindow } from './read-page';
export { SqliteReadStore, type SqliteReadStoreOptions } from './embedded/sqlite-read-store';
export { MongoReadStore, type MongoReadStoreOptions } from './mongo/mongo-read-store';
export { ObservedReadStore, type ReadStoreObserver, type ReadStoreOperation } from './observed/observed-read-store';
export type { Projection } from './projection/projection';
export { documentProjection, type DocumentProjectionSpec, type Positioned } from './projection/document-projection';
export { CheckpointStore, CHECKPOINTS_COLLECTION } from './projection/checkpoint-store';
export {
  checkpointsAheadOfLog,
  checkpointsAheadProblem,
  CheckpointsAheadError,
  refuseCheckpointsAheadOfLog,
  REBUILD_READ_MODELS_COMMAND,
} from './projection/checkpoint-guard';
export { ProjectionRunner, type ProjectionRunnerOptions, type RebuildProgress } from './projection/projection-runner';
