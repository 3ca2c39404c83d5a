import { mxSlotsContract } from '../testing/mx-slots.contract';
import { MemoryMxSlots } from './memory-mx-slots';

// Three maps are the storage; each factory call is another client on them, as the contract asks.
const slots = new Map();
const caps = new Map();
const wants = new Map();
mxSlotsContract('in memory', async () => ({ slots: new MemoryMxSlots(slots, caps, wants), cleanup: async () => {} }));
