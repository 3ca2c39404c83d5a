export * from './tokens';
export * from './platform.module';
export * from './projection-registry';
export * from './read-model-freshness';
export * from './adapter-factory';
export * from './data-dir-lock';
