import type { RetentionConfig } from '@lib/config';

export type ChooseRetention = {
  type: 'ChooseRetention';
  accountId: string;
  historyDays: number;
  jobFilesDays: number;
  /** The operator's bounds (HISTORY_RETENTION_DAYS*, JOB_FILE_RETENTION_DAYS*) when the account chose. */
  bounds: RetentionConfig;
  chosenBy: string;
  at: string;
};

/** Record the shredding of the account's day scopes due at `at` (dueDayScopes chose them). */
export type EnforceHistoryRetention = {
  type: 'EnforceHistoryRetention';
  accountId: string;
  historyDays: number;
  scopes: string[];
  at: string;
};

export type RetentionCommand = ChooseRetention | EnforceHistoryRetention;
