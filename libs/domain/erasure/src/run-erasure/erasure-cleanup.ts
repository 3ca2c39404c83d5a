import type { ErasureKind, ErasureRequested } from '../domain/erasure.events';

/**
 * What one kind of erasure removes beside its keys: read-model documents and fields, blobs, bus messages.
 * Runs after the keys are destroyed, maybe more than once (a redelivery, a resumed run): it must be
 * idempotent, and its counts must describe what is gone, not what this run happened to delete, so a run
 * resumed after a crash records the same receipt as an uninterrupted one.
 */
export abstract class ErasureCleanup {
  abstract readonly kind: ErasureKind;

  /** Removes what the erasure covers; answers counts by what was removed. */
  abstract clean(request: ErasureRequested['data']): Promise<Record<string, number>>;
}

/** Every cleanup the workflow knows, one per erasure kind. */
export const ERASURE_CLEANUPS = Symbol('ERASURE_CLEANUPS');
