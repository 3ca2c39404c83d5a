import { DomainError } from '@lib/common';
import { detectHeader, type UploadInspection } from '@lib/jobs';
import { detectFinderColumns } from './finder-column-detection';
import type { FinderColumnsChoice } from '../domain/finder-job.events';

/** Columns named in the request: a header name (case-insensitive) or a zero-based index. */
export interface RequestedColumns {
  firstName?: string;
  lastName?: string;
  domain?: string;
}

function resolve(requested: string, header: string[] | undefined, columnCount: number, field: string): number {
  const byName = header?.findIndex((h) => h.trim().toLowerCase() === requested.trim().toLowerCase()) ?? -1;
  if (byName >= 0) return byName;
  if (/^\d{1,4}$/.test(requested.trim()) && Number(requested) < columnCount) return Number(requested);
  throw new DomainError(
    'FINDER_COLUMNS_NOT_FOUND',
    `${field} "${requested}" is neither a header of the file nor a column index below ${columnCount}.`,
  );
}

/**
 * The first name, last name and domain columns: each taken from the request when given, otherwise
 * detected from the header (detectFinderColumns). A domain and at least one name column are
 * required, as every finder contact needs a domain and at least one name: a file without a
 * first-name column may give a whole-name column (`name`, `full name`, `contact`) or only a
 * last-name column.
 */
export function chooseFinderColumns(
  inspection: UploadInspection,
  requested: RequestedColumns,
): { hasHeader: boolean; columns: FinderColumnsChoice } {
  if (inspection.records === 0) throw new DomainError('FILE_EMPTY', 'The file is empty.');
  const { hasHeader } = detectHeader(inspection.sample);
  if (hasHeader && inspection.records === 1)
    throw new DomainError('FILE_EMPTY', 'The file has a header row but no data rows.');
  const header = hasHeader ? inspection.sample[0] : undefined;
  const detected = detectFinderColumns(header, hasHeader ? inspection.sample.slice(1) : inspection.sample);
  const pick = (field: keyof RequestedColumns, found: number | undefined) =>
    requested[field] ? resolve(requested[field] as string, header, inspection.columnCount, `${field}Column`) : found;
  const firstName = pick('firstName', detected.firstName?.column);
  const fullName = firstName === undefined ? detected.fullName?.column : undefined;
  const domain = pick('domain', detected.domain?.column);
  const lastName = pick('lastName', detected.lastName?.column) ?? null;
  if ((firstName === undefined && fullName === undefined && lastName === null) || domain === undefined) {
    throw new DomainError(
      'FINDER_COLUMNS_NOT_FOUND',
      'The file needs a domain column and at least one name column (first name, last name or full name): name them in the header (first_name, last_name or name, domain or website) or pass firstNameColumn, lastNameColumn and domainColumn.',
    );
  }
  const anyRequested = Boolean(requested.firstName || requested.lastName || requested.domain);
  const domainSource = requested.domain ? 'url' : (detected.domain?.source ?? 'url');
  return {
    hasHeader,
    columns: {
      firstName: firstName ?? null,
      lastName,
      fullName: fullName ?? null,
      domain,
      domainSource,
      chosenBy: anyRequested ? 'request' : 'header',
    },
  };
}
