/** What an account may choose for one kind of data, in days; `default` applies until it chooses (0: kept). */
export interface RetentionRange {
  min: number;
  max: number;
  default: number;
}

/** The operator's bounds (configuration): single/batch/finder history, and a list job's files and results. */
export interface RetentionBounds {
  history: RetentionRange;
  jobFiles: RetentionRange;
}

/** An account's retention in force: its choice, or the operator's default until it made one. */
export interface EffectiveRetention {
  historyDays: number;
  jobFilesDays: number;
  chosen: boolean;
}
