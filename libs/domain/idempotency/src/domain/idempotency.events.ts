// Event type strings are stored forever: never rename one.

/** `idempotency-<accountId>-<sha256(key)>`: keys are scoped per account and never stored in clear. */
export const idempotencyStream = (accountId: string, keyHash: string): string => `idempotency-${accountId}-${keyHash}`;

/** The account of an idempotency stream: what lies between the prefix and the key's hash (64 hex digits). */
export function idempotencyStreamAccount(streamId: string): string {
  const match = /^idempotency-(.+)-[0-9a-f]{64}$/.exec(streamId);
  if (!match) throw new Error(`not an idempotency stream: ${streamId}`);
  return match[1];
}

/**
 * `supersedes`: the claim before this one, taken over from a dead process or released after a failure.
 * Its work may have been recorded (and charged) before the end: the new claimant looks for it first.
 * `supersededWork`: what that claim had bound itself to (see IdempotentWorkBound), when it had.
 */
export type IdempotencyKeyClaimed = {
  type: 'IdempotencyKeyClaimed';
  data: {
    requestHash: string;
    claimId: string;
    at: string;
    supersedes?: string;
    supersededWork?: string;
    /** When the superseded claim was taken, if it was still running: a stale claim taken over (its process died). */
    staleClaimAt?: string;
  };
};
/** The running claim names the work it is about to create (a job id), so a takeover can find it. */
export type IdempotentWorkBound = { type: 'IdempotentWorkBound'; data: { claimId: string; work: string; at: string } };
export type IdempotentResponseRecorded = {
  type: 'IdempotentResponseRecorded';
  data: { requestHash: string; claimId: string; response: unknown; at: string };
};
/** The claimed request failed (402, probe error): the key may be used again. */
export type IdempotencyKeyReleased = {
  type: 'IdempotencyKeyReleased';
  data: { claimId: string; reason: string; at: string };
};

export type IdempotencyEvent =
  IdempotencyKeyClaimed | IdempotentWorkBound | IdempotentResponseRecorded | IdempotencyKeyReleased;

export type IdempotencyCommand =
  | {
      type: 'ClaimKey';
      requestHash: string;
      claimId: string;
      at: string;
      /** claims older than this are from a dead process */ staleBefore: string;
    }
  | { type: 'BindWork'; claimId: string; work: string; at: string }
  | { type: 'RecordResponse'; claimId: string; response: unknown; at: string }
  | { type: 'ReleaseKey'; claimId: string; reason: string; at: string };
