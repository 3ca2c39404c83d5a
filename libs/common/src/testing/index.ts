export * from './port-contract-context';
