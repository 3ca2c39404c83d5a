/**
 * How long a paid interactive call may hold credits: the hold is taken before the work and settled
 * after it. The expired-hold sweeper takes a hold older than CREDIT_HOLD_EXPIRY_SECONDS for one left by
 * a dead process; if a live call could still be running then, its hold would be released under it
 * (the credits spent elsewhere meanwhile, the work then charged nothing), so the expiry must outlive
 * the longest call.
 */

/** A finder call's time budget, shared by its format lookup and its probes (EmailFinder's default). */
export const FINDER_CALL_BUDGET_MS = 10_000;
/** The spec's limit on POST /v1/finder/batch. */
export const FINDER_BATCH_MAX_CONTACTS = 100;
/** Contacts of one finder batch looked up at once. */
export const FINDER_BATCH_CONCURRENCY = 8;
/** Time to record a call's result and settle its hold once the work is done, with room for a slow store. */
const SETTLE_MARGIN_MS = 30_000;

/** A full finder batch: its contacts in waves of FINDER_BATCH_CONCURRENCY, each wave within one call budget (130 s). */
export const FINDER_BATCH_BUDGET_MS =
  Math.ceil(FINDER_BATCH_MAX_CONTACTS / FINDER_BATCH_CONCURRENCY) * FINDER_CALL_BUDGET_MS;

/** The longest a paid interactive call (verify single or batch, finder single or batch) holds credits, settling included. */
export function longestPaidCallMs(verifyInteractiveBudgetMs: number): number {
  return Math.max(verifyInteractiveBudgetMs, FINDER_BATCH_BUDGET_MS) + SETTLE_MARGIN_MS;
}
