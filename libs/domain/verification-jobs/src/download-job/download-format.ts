import { DomainError } from '@lib/common';
import { RowResolver } from '@lib/jobs';
import { VERIFICATION_RESULT_LABELS, SIMPLE_RESULT_COLUMN } from '../csv/result-labels';

export type DownloadFormat = 'full' | 'simple';

/**
 * Parses the download's `format` parameter: `full` (default) appends the result columns `columns` names;
 * `simple` appends one column, {@link SIMPLE_RESULT_COLUMN}, holding the result in the dashboard's words
 * (Deliverable, Catch-all, ...), ready to re-import. `simple` with `columns` is refused: it would be
 * unclear which wins.
 */
export function parseDownloadFormat(param: string | undefined, columnsParam: string | undefined): DownloadFormat {
  const format = (param ?? '').trim().toLowerCase();
  if (format === '' || format === 'full') return 'full';
  if (format !== 'simple')
    throw new DomainError('VALIDATION_FAILED', `format must be full or simple (got "${param}").`);
  if ((columnsParam ?? '').trim() !== '')
    throw new DomainError('VALIDATION_FAILED', 'format=simple adds its own column: leave "columns" out.');
  return 'simple';
}

const LABEL_BY_RESULT = new Map<string, string>(VERIFICATION_RESULT_LABELS.map((r) => [r.name, r.label]));

/** Rows of a simple download: the stored cells reduced to the result's label. */
export function simpleRows(resolver: RowResolver): RowResolver {
  return {
    async resolve(records) {
      const cells = await resolver.resolve(records);
      return cells.map((row) =>
        row ? { [SIMPLE_RESULT_COLUMN]: LABEL_BY_RESULT.get(row.result ?? '') ?? row.result ?? '' } : null,
      );
    },
  };
}

/**
 * The download's file name says which rows it holds: `leads-results.csv` for every row,
 * `leads-deliverable.csv` or `leads-deliverable-catch-all.csv` for a filtered one (labels in page order);
 * `job-results.csv` when the name was erased.
 */
export function resultFileName(original: string | null, wanted: ReadonlySet<string> | null = null): string {
  const base = (original ?? '').replace(/\.(csv|txt|tsv|xlsx)$/i, '') || 'job';
  if (!wanted) return `${base}-results.csv`;
  const slugs = VERIFICATION_RESULT_LABELS.filter((r) => wanted.has(r.name)).map((r) => r.slug);
  return `${base}-${slugs.join('-')}.csv`;
}
