// What every role is composed on: how a lib gets its slice of the configuration and its adapter choices, the adapters chosen
// from it (and describeAdapters, which says which), the projection registry, read-model freshness and the data-directory lock.
// APP_CONFIG, the whole configuration, is not exported: a lib injects its slice (provideConfigSlice) and never the whole.
export { provideAdapter, provideConfigSlice } from './config-slice';
export { PlatformModule, type AdapterWrappers } from './platform.module';
export { describeAdapters } from './adapter-factory';
export { ProjectionRegistry } from './projection-registry';
export { ReadModelFreshness } from './read-model-freshness';
export { DataDirInUseError, DataDirLock } from './data-dir-lock';
