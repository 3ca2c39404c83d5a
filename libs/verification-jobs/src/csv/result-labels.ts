/**
 * The six results in the customer's words, in the order the dashboard shows them: the one column of a
 * `format=simple` download and the dashboard's chart and filters read this same list, so the file says
 * what the page says. This file imports nothing, like `result-column-names.ts`, so web/ can take it.
 * `slug` names the rows in a download's file name (`leads-deliverable.csv`).
 */
export const RESULT_LABELS = [
  { name: 'ok', label: 'Deliverable', slug: 'deliverable' },
  { name: 'catch_all', label: 'Catch-all', slug: 'catch-all' },
  { name: 'unknown', label: 'Unknown', slug: 'unknown' },
  { name: 'disposable', label: 'Disposable', slug: 'disposable' },
  { name: 'invalid', label: 'Invalid', slug: 'invalid' },
  { name: 'error', label: 'Error', slug: 'error' },
] as const;

/** The header of the single result column a `format=simple` download appends. */
export const SIMPLE_RESULT_COLUMN = 'Email status';
