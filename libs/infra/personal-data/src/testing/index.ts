// What other libs' and the suite's tests use to check a DataKeyStore adapter.
export { dataKeyStoreContract } from './data-key-store.contract';
// The adapters openDataKeyStore chooses between and the master keys that wrap their keys, which specs build by hand.
export { MasterKeys, masterKeyOf } from '../master-keys';
export { SqliteDataKeyStore } from '../embedded/sqlite-data-key-store';
export { MongoDataKeyStore } from '../mongo/mongo-data-key-store';
export { PostgresDataKeyStore } from '../postgres/postgres-data-key-store';
