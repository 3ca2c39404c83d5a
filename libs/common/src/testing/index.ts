export * from './port-contract-context';
export * from './decider-spec';
