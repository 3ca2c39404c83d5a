export * from './address-policy';
export * from './ipv6-words';
