// Event type strings are stored forever: never rename one; add a new type, and read a changed
// shape through an upcaster (CONTRIBUTING.md, Adding an event).
import type { FinderOutcome } from './finder-outcome';

/** The contact as the caller sent it, after validation (domain normalised); at least one name is set. */
export interface FinderCallInput {
  /** Null for a contact with a last name only (recorded since issue 17; earlier events always carry one). */
  firstName: string | null;
  lastName: string | null;
  domain: string;
}

/** Where the call came from, so analytics can tell single calls from batch items. */
export type FinderCallSource = { kind: 'single' } | { kind: 'batch'; batchId: number; index: number };

interface FinderCallData {
  findId: number;
  accountId: string;
  /**
   * The API key (or `session:<id>` for a signed-in dashboard user) that made the call, for usage
   * analytics. Absent on calls recorded before it was added; those stay unattributed.
   */
  keyId?: string;
  source: FinderCallSource;
  input: FinderCallInput;
  /** The finder's full answer, probes and timing included, so history and analytics can be rebuilt. */
  outcome: FinderOutcome;
  creditsCharged: number;
  at: string;
}

/** An address was returned (Ok, Catch-all or Unknown on a known format); 10 credits were charged. */
export type EmailFound = { type: 'EmailFound'; data: FinderCallData };
/** Nothing was returned; the call was free. Kept for the miss rate and the reasons behind it. */
export type EmailNotFound = { type: 'EmailNotFound'; data: FinderCallData };

export type FinderCallEvent = EmailFound | EmailNotFound;

export const FINDER_CALL_EVENT_TYPES: FinderCallEvent['type'][] = ['EmailFound', 'EmailNotFound'];
