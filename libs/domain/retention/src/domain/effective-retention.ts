/** An account's retention in force: its choice, or the operator's default until it made one. */
export interface EffectiveRetention {
  historyDays: number;
  jobFilesDays: number;
  chosen: boolean;
}
