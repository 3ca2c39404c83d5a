import { slotStoreContract } from '../testing/slot-store.contract';
import { MemorySlots } from './memory-slots';

// One map is the storage; each factory call is another client on it, as the contract asks.
const storage = new Map();
slotStoreContract('in memory', async () => ({ slots: new MemorySlots(storage), cleanup: async () => {} }));
