export * from './error-codes';
export * from './domain-error';
export * from './clock';
export * from './decider';
export * from './pagination';
export * from './keyed-mutex';
export * from './numeric-id';
export * from './wake-signal';
