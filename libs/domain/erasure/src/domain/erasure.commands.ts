import type { ErasureRequested } from './erasure.events';

/** Asks for an erasure; asked again with the same id, it records nothing (a retried request). */
export type RequestErasure = { type: 'RequestErasure' } & ErasureRequested['data'];

/** Records that the erasure's keys were destroyed at `at`, in force everywhere at `inForceAt`. */
export type RecordKeysDestroyed = {
  type: 'RecordKeysDestroyed';
  erasureId: string;
  at: string;
  inForceAt: string;
};

/** Records what the erasure removed beside the keys, once. */
export type CompleteErasure = {
  type: 'CompleteErasure';
  erasureId: string;
  removed: Record<string, number>;
  at: string;
};

export type ErasureCommand = RequestErasure | RecordKeysDestroyed | CompleteErasure;
