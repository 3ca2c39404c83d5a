import { mxSlotsContract } from '../testing/mx-slots.contract';
import { MemoryMxSlots, MemoryMxSlotStore } from './memory-mx-slots';

// One store is the storage; each factory call is another client on it, as the contract asks.
const store = new MemoryMxSlotStore();
mxSlotsContract('in memory', async () => ({ slots: new MemoryMxSlots(store), cleanup: async () => {} }));
