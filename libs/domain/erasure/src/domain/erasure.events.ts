// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
// An account's erasures (`erasures-<accountId>`): what each destroyed, who asked and when. No personal data:
// a job is named by its id, an address only by its keyed digest (the account's pepper, scopes.ts).

/** What one erasure covers. */
export type ErasureTarget =
  | { kind: 'job'; jobId: number; jobKind: string }
  | { kind: 'address'; digest: string }
  /** A closed account: the live account and its test-mode shadow; its scopes are key-scope prefixes. */
  | { kind: 'account'; accountIds: string[] };
export type ErasureKind = ErasureTarget['kind'];

/** Who asked: the key (or dashboard session) and, when known, the team member. */
export interface ErasureRequester {
  keyId: string;
  userId: string | null;
}

/**
 * An erasure was asked for. `scopes` are the data-key scopes it destroys; `keyGenerations` the key
 * generations they held when it was asked (random ids: what the receipt counts as destroyed).
 */
export type ErasureRequested = {
  type: 'ErasureRequested';
  data: {
    erasureId: string;
    accountId: string;
    target: ErasureTarget;
    scopes: string[];
    keyGenerations: string[];
    requestedBy: ErasureRequester;
    requestedAt: string;
    /**
     * The address of a data subject's request, which the workflow needs to find it in read models, files and
     * the bus. Sealed in the log under the erasure's own scope (erasure-personal-data.ts), destroyed when the
     * erasure completes; withheld from events.erasures. Absent for a job's erasure.
     */
    address?: string | null;
    /**
     * An account's erasure, whose scopes are prefixes (every key of the account): how many keys they held when
     * it was asked, the receipt's count (listing every generation of a large account would bloat the event).
     */
    keysHeld?: number;
  };
};

/**
 * The erasure's keys are destroyed: nothing sealed under them opens again in this process from now, nor in
 * any other process after `inForceAt` (their key caches' time to live).
 */
export type ErasureKeysDestroyed = {
  type: 'ErasureKeysDestroyed';
  data: { erasureId: string; accountId: string; destroyedAt: string; inForceAt: string };
};

/** What the erasure removed beside the keys: read-model documents and fields, blobs, bus messages, by count. */
export type ErasureCompleted = {
  type: 'ErasureCompleted';
  data: { erasureId: string; accountId: string; removed: Record<string, number>; completedAt: string };
};

export type ErasureEvent = ErasureRequested | ErasureKeysDestroyed | ErasureCompleted;
