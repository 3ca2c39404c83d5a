// Numbered slots taken by inserting a unique id: the rate limits, the sign-in throttle and the MX sessions.
export { SlotStore, type Slot, type SlotRef } from './slot-store.port';
export { MemorySlots } from './embedded/memory-slots';
export { openSlotStore } from './open-slot-store';
