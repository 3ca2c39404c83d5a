import type { RetentionBounds } from './retention-bounds';

export type ChooseRetention = {
  type: 'ChooseRetention';
  accountId: string;
  historyDays: number;
  jobFilesDays: number;
  bounds: RetentionBounds;
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
