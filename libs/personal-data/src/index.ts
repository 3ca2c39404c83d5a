// The public surface of personal-data: data keys outside the event log (crypto-shredding), the master keys
// that wrap them, and the cipher that seals personal fields under them.
export { DataKeyStore, type DataKey } from './data-key-store.port';
export { MasterKeys, masterKeyOf, type MasterKey } from './master-keys';
export { sealWith, openWith, sealedKeyIds } from './field-cipher';
export { SqliteDataKeyStore } from './embedded/sqlite-data-key-store';
export { MongoDataKeyStore } from './mongo/mongo-data-key-store';
