/**
 * Per event type, what of its data an analytics topic publishes: `true` a field as it is, `false` withheld,
 * and for an object (or a list of them) the same decisions one level down. A field or an event type no
 * decision names is never published. The type makes the decisions exhaustive: a field added to an event,
 * or an event added to its union, fails to compile until someone decides here whether it may leave.
 */
export type FieldDecisions<T> = { [K in keyof T]-?: Decision<NonNullable<T[K]>> };

/**
 * A scalar, or an object of numbers only (counts by result, a summary): published or not, whole; numbers name
 * no one. Any other object, or a list of them: withheld whole, or decided field by field (never `true` whole,
 * so a text field added to it later must be decided too).
 */
type Decision<V> = V extends readonly (infer I)[]
  ? I extends object
    ? FieldDecisions<I> | false
    : boolean
  : V extends object
    ? V[keyof V] extends number | undefined
      ? boolean
      : FieldDecisions<V> | false
    : boolean;

/** The decisions of every event type of a union of `{ type, data }` events. */
export type EventAllowlist<E extends { type: string; data: unknown }> = {
  [T in E['type']]: FieldDecisions<Extract<E, { type: T }>['data']>;
};

/** The decisions as the relay reads them (the types above are for their authors). */
export interface Decisions {
  readonly [field: string]: boolean | Decisions;
}

/** Per topic category, per event type, the decisions: what EventRelay is given (composed by libs/app/roles' projector). */
export type AnalyticsAllowlists = Readonly<Record<string, Readonly<Record<string, Decisions>>>>;

/** The data as `decisions` let it out: only fields decided `true`, or decided field by field below. */
export function allowedData(value: unknown, decisions: Decisions): unknown {
  if (Array.isArray(value)) return value.map((item) => allowedData(item, decisions));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [field, decision] of Object.entries(decisions)) {
    if (decision === false || !Object.hasOwn(value, field)) continue;
    const fieldValue = (value as Record<string, unknown>)[field];
    out[field] = decision === true ? fieldValue : allowedData(fieldValue, decision);
  }
  return out;
}
