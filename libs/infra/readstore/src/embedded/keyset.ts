import type { SortKey, SqlFragment } from './sql-query';

/**
 * The rows strictly after `last` in the order of `keys`, so a stream can fetch the next page with an
 * index seek instead of an ever-growing OFFSET. SQLite sorts NULL before everything ascending and after
 * everything descending, and compares values of different types by the same storage-class order it sorts
 * by, so the comparisons below agree with ORDER BY.
 */
export function afterRow(keys: SortKey[], last: unknown[]): SqlFragment {
  const alternatives: string[] = [];
  const params: unknown[] = [];
  keys.forEach((key, i) => {
    const equalPrefix = keys.slice(0, i).map((k) => `${k.expression} IS ?`);
    const prefixParams = last.slice(0, i);
    const beyond = strictlyAfter(key, last[i]);
    if (beyond === null) return;
    alternatives.push(`(${[...equalPrefix, beyond.sql].join(' AND ')})`);
    params.push(...prefixParams, ...beyond.params);
  });
  return { sql: alternatives.length ? `(${alternatives.join(' OR ')})` : '0', params };
}

function strictlyAfter(key: SortKey, value: unknown): SqlFragment | null {
  if (key.direction === 1) {
    return value === null
      ? { sql: `${key.expression} IS NOT NULL`, params: [] }
      : { sql: `${key.expression} > ?`, params: [value] };
  }
  // Descending: nothing sorts after NULL; NULLs sort after every value.
  return value === null ? null : { sql: `(${key.expression} < ? OR ${key.expression} IS NULL)`, params: [value] };
}
