// Numbered slots taken by inserting a unique id: the rate limits, the sign-in throttle and the MX sessions.
export { SlotStore, type Slot, type SlotRef } from './slot-store.port';
export { MemorySlots, type MemorySlotStorage } from './embedded/memory-slots';
export { SqliteSlots } from './embedded/sqlite-slots';
export { MongoSlots } from './mongo/mongo-slots';
export { openSlotStore, type SlotStorePlace } from './open-slot-store';
