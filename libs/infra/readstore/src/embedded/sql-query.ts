import type { Filter } from '../read-store.port';
import { fieldExpression } from './sql-identifiers';

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

export interface SortKey {
  expression: string;
  direction: 1 | -1;
}

/** Equality and `$in` filters as a WHERE clause body ('1' when empty). */
export function whereClause(filter: Filter = {}): SqlFragment {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    const expression = fieldExpression(field);
    if (isOperator(condition)) {
      const values = (condition as { $in: unknown }).$in;
      if (!Array.isArray(values))
        throw new Error(`unsupported filter on ${field}: only equality and $in are supported`);
      const present = values.filter((v) => v !== null && v !== undefined);
      const alternatives = present.length ? [`${expression} IN (${present.map(() => '?').join(', ')})`] : [];
      if (present.length !== values.length) alternatives.push(`${expression} IS NULL`);
      parts.push(alternatives.length ? `(${alternatives.join(' OR ')})` : '0');
      params.push(...present.map(toSqlValue));
    } else if (condition === null || condition === undefined) {
      // Like Mongo, null matches a missing field too.
      parts.push(`${expression} IS NULL`);
    } else {
      parts.push(`${expression} = ?`);
      params.push(toSqlValue(condition));
    }
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
}

/** The requested sort plus the id as a final tie-breaker, so paging and streaming are deterministic. */
export function sortKeys(sort: Record<string, 1 | -1> = {}): SortKey[] {
  const keys = Object.entries(sort).map(([field, direction]) => ({ expression: fieldExpression(field), direction }));
  if (!keys.some((k) => k.expression === 'id')) keys.push({ expression: 'id', direction: 1 });
  return keys;
}

export function orderBy(keys: SortKey[]): string {
  return keys.map((k) => `${k.expression} ${k.direction === 1 ? 'ASC' : 'DESC'}`).join(', ');
}

/** JSON values as json_extract returns them: booleans become 1/0, objects compare as their JSON text. */
export function toSqlValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return value;
}

function isOperator(condition: unknown): boolean {
  if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) return false;
  const keys = Object.keys(condition);
  if (keys.some((k) => k.startsWith('$')) && (keys.length !== 1 || keys[0] !== '$in')) {
    throw new Error(`unsupported filter operator: ${keys.join(', ')}`);
  }
  return keys[0] === '$in';
}
