import { RESULT_COLUMNS } from '../api/generated/result-lists';
import { RESULTS } from './results';

// The service's own column list (generated from it): a column added there is offered here.
export { RESULT_COLUMNS };

export const RESULT_PRESETS = [
  { id: 'all', label: 'All rows', results: RESULTS.map((r) => r.name as string) },
  { id: 'deliverable', label: 'Deliverable only', results: ['ok'] },
  { id: 'deliverable-catch-all', label: 'Deliverable and catch-all', results: ['ok', 'catch_all'] },
] as const;

/**
 * The download URL for a job: `results` only when it leaves something out, `columns` only when not
 * every result column is wanted (`none` for the original file alone).
 */
export function downloadHref(downloadPath: string, results: string[], columns: string[]): string {
  const params = resultParams(results);
  const allColumns = RESULT_COLUMNS.every((c) => columns.includes(c));
  if (!allColumns)
    params.set('columns', columns.length ? RESULT_COLUMNS.filter((c) => columns.includes(c)).join(',') : 'none');
  return withQuery(downloadPath, params);
}

/**
 * A quick download: the original columns plus one "Email status" column in the page's words
 * (`format=simple`), ready to import back into a mailing tool.
 */
export function simpleDownloadHref(downloadPath: string, results: readonly string[]): string {
  const params = resultParams(results);
  params.set('format', 'simple');
  return withQuery(downloadPath, params);
}

/** The rows a download of these results holds, from the counts the page shows (the same the chart draws). */
export function rowsFor(counts: Record<string, number>, results: readonly string[]): number {
  return results.reduce((sum, name) => sum + (counts[name] ?? 0), 0);
}

function resultParams(results: readonly string[]): URLSearchParams {
  const params = new URLSearchParams();
  if (!RESULTS.every((r) => results.includes(r.name))) params.set('results', results.join(','));
  return params;
}

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
