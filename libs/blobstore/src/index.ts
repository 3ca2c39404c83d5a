export * from './blob-store.port';
