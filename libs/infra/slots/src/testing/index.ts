export { slotStoreContract, type SlotStoreFixture } from './slot-store.contract';
// The adapters openSlotStore chooses between, which their own specs and the contract suite build directly.
export { MemorySlots, type MemorySlotStorage } from '../embedded/memory-slots';
export { SqliteSlots } from '../embedded/sqlite-slots';
export { MongoSlots } from '../mongo/mongo-slots';
