export * from './read-store.contract';
export * from './balance-projection';
export { projectionRunnerContract } from './projection-runner.contract';
