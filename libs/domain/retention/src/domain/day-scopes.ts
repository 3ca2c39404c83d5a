import { callsDayScope, finderDayScope } from '@lib/personal-data';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_SCOPE = /^account:(.+):(calls|finder):(\d{4}-\d{2}-\d{2})$/;

/** A calls-day or finder-day scope read back: whose, which kind, which UTC day. */
export interface DayScope {
  scope: string;
  accountId: string;
  kind: 'calls' | 'finder';
  day: string;
}

export function parseDayScope(scope: string): DayScope | null {
  const match = DAY_SCOPE.exec(scope);
  if (!match) return null;
  const [, accountId, kind, day] = match;
  const built = kind === 'calls' ? callsDayScope(accountId, day) : finderDayScope(accountId, day);
  return built === scope ? { scope, accountId, kind: kind as DayScope['kind'], day } : null;
}

/**
 * The first UTC day still kept at `at` under a retention of `days`: a day is shredded once all of it is
 * older than the retention (with 3 days, on the 28th the 24th goes and the 25th stays). 0 keeps every day.
 */
export function firstKeptDay(at: string, days: number): string | null {
  if (days <= 0) return null;
  return new Date(Date.parse(at) - days * DAY_MS).toISOString().slice(0, 10);
}

/** Of these day scopes, those due for shredding at `at` under a retention of `days`. */
export function dueDayScopes(scopes: DayScope[], at: string, days: number): DayScope[] {
  const kept = firstKeptDay(at, days);
  return kept === null ? [] : scopes.filter((scope) => scope.day < kept);
}
