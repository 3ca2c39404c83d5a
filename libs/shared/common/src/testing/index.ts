export * from './port-contract-context';
export { eventually, present, type EventuallyOptions } from './eventually';
export * from './decider-spec';
export { walCommits } from './sqlite-wal';
export { DAY_MS, FakeClock } from './fake-clock';
export { fold } from '../decider';
