import { DomainError } from '@lib/common';
import { EmailColumnChoice } from '../domain/verification-job.events';
import { detectEmailColumn, detectHeader, UploadInspection } from '@lib/jobs';

export interface ColumnDecision {
  hasHeader: boolean;
  emailColumn: EmailColumnChoice;
}

/** Header detection, then the requested email column checked against the file, or one detected and explained. */
export function chooseEmailColumn(inspection: UploadInspection, requested: number | null): ColumnDecision {
  if (inspection.records === 0) throw new DomainError('FILE_EMPTY', 'The file is empty.');
  const { hasHeader } = detectHeader(inspection.sample);
  if (hasHeader && inspection.records === 1)
    throw new DomainError('FILE_EMPTY', 'The file has a header row but no data rows.');
  const header = hasHeader ? inspection.sample[0] : undefined;
  if (requested !== null) {
    if (requested >= inspection.columnCount) {
      throw new DomainError(
        'EMAIL_COLUMN_NOT_FOUND',
        `emailColumn ${requested} does not exist: the file has ${inspection.columnCount} column(s), numbered from 0.`,
      );
    }
    return {
      hasHeader,
      emailColumn: { index: requested, chosenBy: 'request', headerName: header?.[requested] ?? null },
    };
  }
  const match = detectEmailColumn(header, hasHeader ? inspection.sample.slice(1) : inspection.sample);
  if (!match) {
    throw new DomainError(
      'EMAIL_COLUMN_NOT_FOUND',
      'No column looks like email addresses (by its header or its values); pass emailColumn, the zero-based index of the email column.',
    );
  }
  return {
    hasHeader,
    emailColumn: {
      index: match.column,
      chosenBy: match.reason,
      headerName: match.headerName ?? header?.[match.column] ?? null,
    },
  };
}
