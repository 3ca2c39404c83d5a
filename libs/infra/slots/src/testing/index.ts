export { slotStoreContract, type SlotStoreFixture } from './slot-store.contract';
