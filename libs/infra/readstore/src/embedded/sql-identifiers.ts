/**
 * Collection and field names end up inside SQL text (table names, and json paths in expression indexes,
 * which must be literals for SQLite to match them to queries), so they are checked against a strict
 * grammar instead of being escaped.
 */
const COLLECTION = /^[A-Za-z_][A-Za-z0-9_.-]{0,119}$/;
const FIELD = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;

/** Raised for a collection or field name outside the accepted grammar. */
export class InvalidIdentifierError extends Error {
  constructor(kind: 'collection' | 'field', value: string) {
    super(`invalid ${kind} name: ${JSON.stringify(value)}`);
    this.name = 'InvalidIdentifierError';
  }
}

/** The quoted table name of a collection. */
export function tableName(collection: string): string {
  if (!COLLECTION.test(collection) || collection.toLowerCase().startsWith('sqlite_')) {
    throw new InvalidIdentifierError('collection', collection);
  }
  return `"${collection}"`;
}

/** The SQL expression reading a (possibly dotted) field; `_id` is the primary-key column. */
export function fieldExpression(field: string): string {
  if (field === '_id') return 'id';
  if (!FIELD.test(field) || field.length > 200) throw new InvalidIdentifierError('field', field);
  return `json_extract(doc, '$.${field}')`;
}
