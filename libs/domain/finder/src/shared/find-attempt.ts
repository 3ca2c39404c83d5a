/**
 * An Idempotency-Key claim as the finder sees it (the api's IdempotencyGate provides it): `bind` names
 * the call or batch id before any credit is held, and `supersededWork` is what an earlier claim of the
 * same key had bound before its process died or its request failed, so the retry can find that work.
 */
export interface FindAttempt {
  supersededWork?: string;
  /** Where the claim stands in the event store: the basis of the call's hold (PaidCallHold.basis). */
  claimedAtPosition?: number;
  bind(work: string): Promise<void>;
}

/** Who is calling: the account that pays and the key (or dashboard session) that analytics attribute the call to. */
export interface FinderCaller {
  accountId: string;
  keyId: string;
  /** The key's limits (the API's principal); absent for a dashboard session. */
  restrictions?: { monthlyCreditCap: number | null };
}
