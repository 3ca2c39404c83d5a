export * from './read-store.contract';
export * from './balance-projection';
