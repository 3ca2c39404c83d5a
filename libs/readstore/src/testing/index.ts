export * from './read-store.contract';
