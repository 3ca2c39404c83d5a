/**
 * A scope whose key seals a part: a literal scope (`job:<jobId>`, from scopes.ts) or an address of an
 * account, which the sealing store turns into `account:<id>:address:<keyed digest>` so the log never holds a
 * guessable hash of the address.
 */
export type ScopeRef = string | { accountId: string; address: string };

/** Personal fields of one event that are erased together: sealed under every one of `scopes`. */
export interface PersonalPart {
  scopes: ScopeRef[];
  value: unknown;
}

/**
 * How one domain's events hold personal data (addresses, names, free text that may hold them). `split` keeps
 * in the clear what is not personal (ids, amounts, counts, times, verdict codes) and groups the rest in parts;
 * `join` rebuilds the event's data from the clear fields and the parts as opened, a part whose key was erased
 * arriving as null (join then writes the event as its readers expect an erased one). Declared next to the
 * events it describes, registered with PersonalDataRegistry.
 */
export interface PersonalDataPolicy {
  eventTypes: readonly string[];
  /** `streamId` (always given by the sealing store) for events that name their account only there (idempotency). */
  split(data: Record<string, unknown>, streamId?: string): { clear: Record<string, unknown>; parts: PersonalPart[] };
  join(clear: Record<string, unknown>, parts: Array<unknown | null>): Record<string, unknown>;
}

/** The field a sealed event keeps its parts in; an event without it was written in the clear (before sealing). */
export const SEALED_FIELD = '_sealed';
