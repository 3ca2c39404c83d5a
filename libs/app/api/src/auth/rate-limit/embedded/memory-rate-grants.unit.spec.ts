import { rateGrantsContract } from '../../../testing/rate-grants.contract';
import { MemoryRateGrants } from './memory-rate-grants';

// One map is the storage; each factory call is another client on it, as the contract asks.
const storage = new Map();
rateGrantsContract('in memory', async () => ({ grants: new MemoryRateGrants(storage), cleanup: async () => {} }));
