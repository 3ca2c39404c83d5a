import { RESULT_COLUMNS } from '../../../libs/verification-jobs/src/csv/result-column-names';
import { RESULTS } from './results';

// The service's own column list (a file without imports, so this build can take it): a column added there is offered here.
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
  const params = new URLSearchParams();
  const allResults = RESULTS.every((r) => results.includes(r.name));
  if (!allResults) params.set('results', results.join(','));
  const allColumns = RESULT_COLUMNS.every((c) => columns.includes(c));
  if (!allColumns)
    params.set('columns', columns.length ? RESULT_COLUMNS.filter((c) => columns.includes(c)).join(',') : 'none');
  const query = params.toString();
  return query ? `${downloadPath}?${query}` : downloadPath;
}
