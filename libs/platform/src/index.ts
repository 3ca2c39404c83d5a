// What every role is composed on: the configuration token (and how a lib provides its slice of it and its adapter choices), the adapters chosen from it, the projection
// registry, read-model freshness and the data-directory lock.
export { ADAPTER_CHOICE, APP_CONFIG } from './tokens';
export { provideAdapter, provideConfigSlice } from './config-slice';
export { PlatformModule, type AdapterWrappers } from './platform.module';
export { describeAdapters, type AdapterChoice } from './adapter-factory';
export { ProjectionRegistry } from './projection-registry';
export { ReadModelFreshness } from './read-model-freshness';
export { DataDirInUseError, DataDirLock } from './data-dir-lock';
