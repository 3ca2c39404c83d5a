import type { Filter as MongoFilter, Sort } from 'mongodb';
import type { StoredDoc } from './stored-doc';
import type { Filter } from '../read-store.port';

/** Raised for a filter using an operator the port does not promise (every adapter must accept the same filters). */
export class UnsupportedFilterError extends Error {
  constructor(field: string, operator: string) {
    super(`read-store filter on "${field}" uses ${operator}; only equality and $in are supported`);
    this.name = 'UnsupportedFilterError';
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * The port's filters (equality on top-level or dotted fields, `{ $in: [...] }`) are valid Mongo
 * filters as they are; this only refuses other operators so no adapter silently accepts more than another.
 * `null` matches a missing field or null in Mongo, as the port promises.
 */
export function toMongoFilter(filter: Filter = {}): MongoFilter<StoredDoc> {
  for (const [field, value] of Object.entries(filter)) {
    if (field.startsWith('$')) throw new UnsupportedFilterError(field, field);
    if (!isPlainObject(value)) continue;
    const operators = Object.keys(value).filter((key) => key.startsWith('$'));
    const bad = operators.find((key) => key !== '$in');
    if (bad) throw new UnsupportedFilterError(field, bad);
    if (operators.length > 0 && !Array.isArray(value.$in))
      throw new UnsupportedFilterError(field, '$in without an array');
  }
  return filter as MongoFilter<StoredDoc>;
}

/** The sort in key order, with `_id` last as a tie-breaker so find() and stream() agree on ties. */
export function toMongoSort(sort: Record<string, 1 | -1> = {}): Sort {
  const entries: [string, 1 | -1][] = Object.entries(sort);
  if (!('_id' in sort)) entries.push(['_id', 1]);
  return entries;
}
