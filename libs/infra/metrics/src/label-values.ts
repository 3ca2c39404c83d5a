/** A label value from a known set, or `other`: a label must never carry an unbounded value. */
export function oneOf(value: string | null | undefined, known: ReadonlySet<string>): string {
  return value && known.has(value) ? value : 'other';
}

/** `2xx`, `4xx`, ... from an HTTP status code. */
export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;
