import { EnvReader } from '../env-parsers';

/** What an account may choose for one kind of data, in days; `default` applies until it chooses (0: kept). */
export interface RetentionRange {
  min: number;
  max: number;
  default: number;
}

/**
 * The retention the operator lets customers choose (docs/personal-data.md, Retention): `history` for single,
 * batch and finder calls (whole UTC days are shredded), `jobFiles` for a list job's file and results after it
 * ended. The job default is JOB_FILE_RETENTION_DAYS, as before customers could choose.
 */
export interface RetentionConfig {
  history: RetentionRange;
  jobFiles: RetentionRange;
}

function readRange(r: EnvReader, name: string, fallback: RetentionRange, defaultDays?: number): RetentionRange {
  const min = r.int(`${name}_MIN`, fallback.min, 1, 36_500);
  const max = r.int(`${name}_MAX`, fallback.max, 1, 36_500);
  const chosen = defaultDays ?? r.int(name, fallback.default, 0, 36_500);
  if (min > max) r.problems.push(`${name}_MIN (${min}) must not exceed ${name}_MAX (${max})`);
  // 0 keeps an account's data until it chooses; any other default must be one the account could choose.
  if (chosen !== 0 && (chosen < min || chosen > max))
    r.problems.push(`${name} (${chosen}) must be 0 or between ${name}_MIN (${min}) and ${name}_MAX (${max})`);
  return { min, max, default: chosen };
}

export function readRetention(r: EnvReader, jobFileRetentionDays: number): RetentionConfig {
  return {
    history: readRange(r, 'HISTORY_RETENTION_DAYS', { min: 1, max: 365, default: 90 }),
    jobFiles: readRange(r, 'JOB_FILE_RETENTION_DAYS', { min: 1, max: 90, default: 30 }, jobFileRetentionDays),
  };
}
