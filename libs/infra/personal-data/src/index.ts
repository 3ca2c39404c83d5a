// The public surface of personal-data: crypto-shredding. Data keys outside the event log (DataKeyStore and
// its adapters), the master keys that wrap them, the event store decorator that seals personal fields under
// them, the policies by which domains say which fields are personal, and the scopes one erasure destroys.
export { DataKeyStore, type DataKey } from './data-key-store.port';
export { MasterKeys, masterKeyOf, type MasterKey } from './master-keys';
export { sealWith, openWith, sealedKeyIds } from './field-cipher';
export { SqliteDataKeyStore } from './embedded/sqlite-data-key-store';
export { MongoDataKeyStore } from './mongo/mongo-data-key-store';
export { PostgresDataKeyStore, type PostgresDataKeyStoreOptions } from './postgres/postgres-data-key-store';
export { openDataKeyStore, type DataKeyStoreChoice } from './open-data-key-store';
export { DataKeyCache } from './sealing/data-key-cache';
export { PersonalDataRegistry } from './sealing/personal-data-registry';
export { SealingEventStore } from './sealing/sealing-event-store';
export { SealingMessageBus } from './bus/sealing-message-bus';
export { PersonalMessageRegistry, type PersonalMessagePolicy } from './bus/personal-message-policy';
export {
  SEALED_FIELD,
  type PersonalDataPolicy,
  type PersonalPart,
  type ScopeRef,
} from './sealing/personal-data-policy';
export {
  accountPepperScope,
  accountScopePrefix,
  addressScope,
  callsDayScope,
  erasureScope,
  finderDayScope,
  jobScope,
  subjectAddress,
} from './sealing/scopes';
