export * from './blob-store.contract';
