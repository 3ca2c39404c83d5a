export * from './address-policy';
