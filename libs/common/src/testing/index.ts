export * from './port-contract-context';
export * from './decider-spec';
export { walCommits } from './sqlite-wal';
