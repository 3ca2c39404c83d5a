export * from './app-config';
export * from './load-config';
export * from './paid-call-budget';
