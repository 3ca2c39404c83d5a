import { DomainError } from '@lib/common';
import { RESULT_CODES, VerificationResultName } from '@lib/verification-engine';
import { RowResolver } from '@lib/jobs';

const RESULT_NAMES = Object.keys(RESULT_CODES) as VerificationResultName[];

/**
 * Parses the download's `results` query parameter: a comma-separated list of result names
 * (ok, invalid, catch_all, unknown, disposable, error), case-insensitive. Absent, empty or `all`
 * keeps every row (null); anything else keeps only rows whose result is listed.
 */
export function parseResultFilter(param: string | undefined): ReadonlySet<VerificationResultName> | null {
  const names = (param ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0 || names.includes('all')) return null;
  const unknown = names.filter((name) => !RESULT_NAMES.includes(name as VerificationResultName));
  if (unknown.length > 0) {
    throw new DomainError(
      'INVALID_RESULT_FILTER',
      `Unknown result in "results": ${[...new Set(unknown)].join(', ')}. Known: ${RESULT_NAMES.join(', ')}, or all.`,
    );
  }
  return new Set(names as VerificationResultName[]);
}

/** Leaves out rows whose result is not wanted; the filter reads the full cells, so it works whatever columns are chosen. */
export function filterRowsByResult(resolver: RowResolver, wanted: ReadonlySet<string> | null): RowResolver {
  if (!wanted) return resolver;
  return {
    async resolve(records) {
      const cells = await resolver.resolve(records);
      return cells.map((row) => (row && wanted.has(row.result ?? '') ? row : null));
    },
  };
}
