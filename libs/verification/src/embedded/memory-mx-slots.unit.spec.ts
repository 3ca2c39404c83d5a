import { mxSlotsContract } from '../testing/mx-slots.contract';
import { MemoryMxSlots } from './memory-mx-slots';

// One map is the storage; each factory call is another client on it, as the contract asks.
const storage = new Map();
mxSlotsContract('in memory', async () => ({ slots: new MemoryMxSlots(storage), cleanup: async () => {} }));
