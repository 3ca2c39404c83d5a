export * from './app-config';
export * from './load-config';
