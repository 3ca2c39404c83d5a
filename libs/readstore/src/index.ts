export * from './read-store.port';
export { SqliteReadStore } from './embedded/sqlite-read-store';
export type { SqliteReadStoreOptions } from './embedded/sqlite-read-store';
export { InvalidIdentifierError } from './embedded/sql-identifiers';
export * from './projection/projection';
export * from './projection/document-projection';
export * from './projection/checkpoint-store';
export { ProjectionRunner } from './projection/projection-runner';
export type { ProjectionRunnerOptions, RebuildProgress } from './projection/projection-runner';
