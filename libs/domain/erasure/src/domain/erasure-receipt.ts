import type { ErasureProgress } from './erasure.decider';
import type { ErasureRequester, ErasureTarget } from './erasure.events';

/**
 * What an auditor is shown of one erasure: what it covered (a job id, or an address's keyed digest, never
 * the address), who asked and when, how many key generations were destroyed and when, what else was
 * removed. `done` only once the keys are destroyed, the stores cleaned and every process's key cache has
 * let go of the keys (`inForceAt`).
 */
export interface ErasureReceipt {
  erasureId: string;
  target: ErasureTarget;
  requestedBy: ErasureRequester;
  requestedAt: string;
  status: 'erasing' | 'done';
  scopes: string[];
  keysDestroyed: number;
  keysDestroyedAt: string | null;
  inForceAt: string | null;
  removed: Record<string, number>;
  completedAt: string | null;
}

/** The receipt of one erasure as of `now` (ISO). */
export function erasureReceipt(progress: ErasureProgress, now: string): ErasureReceipt {
  const { request } = progress;
  const destroyed = progress.step === 'requested' ? null : progress;
  const completed = progress.step === 'completed' ? progress : null;
  return {
    erasureId: request.erasureId,
    target: request.target,
    requestedBy: request.requestedBy,
    requestedAt: request.requestedAt,
    status: completed && completed.inForceAt <= now ? 'done' : 'erasing',
    // A scope names the account and a job id or a keyed digest: nothing personal.
    scopes: request.scopes,
    keysDestroyed: destroyed ? (request.keysHeld ?? request.keyGenerations.length) : 0,
    keysDestroyedAt: destroyed?.destroyedAt ?? null,
    inForceAt: destroyed?.inForceAt ?? null,
    removed: completed?.removed ?? {},
    completedAt: completed?.completedAt ?? null,
  };
}
