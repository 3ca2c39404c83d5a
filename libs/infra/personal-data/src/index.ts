// The public surface of personal-data: crypto-shredding. Data keys outside the event log (the DataKeyStore port,
// opened by openDataKeyStore), the event store and bus decorators that seal personal fields under them, the
// policies by which domains say which fields are personal, and the scopes one erasure destroys. Specs reach the
// adapters and master keys through @lib/personal-data/testing.
export { DataKeyStore, type DataKey } from './data-key-store.port';
export { openDataKeyStore } from './open-data-key-store';
export { DataKeyCache } from './sealing/data-key-cache';
export { PersonalDataRegistry } from './sealing/personal-data-registry';
export { SealingEventStore } from './sealing/sealing-event-store';
export { SealingMessageBus } from './bus/sealing-message-bus';
export { PersonalMessageRegistry, type PersonalMessagePolicy } from './bus/personal-message-policy';
export { SEALED_FIELD, type PersonalDataPolicy, type PersonalPart } from './sealing/personal-data-policy';
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
