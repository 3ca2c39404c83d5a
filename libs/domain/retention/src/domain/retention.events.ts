// Event type strings are stored forever: never rename one; add a new type and an upcaster.

/** The account's choice, whole: each one replaces the one before. */
export type RetentionChosen = {
  type: 'RetentionChosen';
  data: { accountId: string; historyDays: number; jobFilesDays: number; chosenBy: string; chosenAt: string };
};

/**
 * The worker shredded these day scopes (calls and finder days older than the history retention): the record
 * an auditor reads of what retention erased and when. Recorded before the keys are destroyed, so a crash in
 * between leaves a record whose keys the next sweep destroys, never a destruction without a record.
 */
export type HistoryRetentionEnforced = {
  type: 'HistoryRetentionEnforced';
  data: { accountId: string; historyDays: number; scopes: string[]; enforcedAt: string };
};

export type RetentionEvent = RetentionChosen | HistoryRetentionEnforced;

/** One stream per account: its retention choice and the record of each enforcement. */
export const retentionStream = (accountId: string): string => `retention-${accountId}`;
