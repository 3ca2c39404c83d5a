import { ResultColumn, STORED_COLUMNS } from '../csv/result-columns';
import { RowVerdict } from '../domain/verification-job.events';
import { type StoredVerificationJobResult } from './verification-job.documents';
import { ResultCells, storedCells } from '@lib/jobs';

/**
 * The column order of `job_results.values` while rows were stored by position (until issue 16): the
 * result columns, then the evidence. Frozen history, not the column list: never edit it.
 */
const POSITIONAL_ORDER: readonly ResultColumn[] = [
  'result',
  'resultCode',
  'subResult',
  'quality',
  'free',
  'role',
  'disposable',
  'catchAll',
  'didYouMean',
  'provider',
  'antiSpam',
  'riskScore',
  'mxHost',
  'mxAddress',
  'smtpCode',
  'smtpEnhanced',
  'smtpReply',
];

/** A verdict as the download's text cells, one per stored column (evidence cells empty when not recorded). */
export function resultCells(verdict: RowVerdict): ResultCells<ResultColumn> {
  const cells: Partial<Record<ResultColumn, string>> = {};
  for (const column of STORED_COLUMNS) {
    const value = verdict[column];
    cells[column] = value === null || value === undefined ? '' : String(value);
  }
  return cells;
}

/** A stored row result's cells by column name, whichever shape it was stored in. */
export const verificationJobResultCells = (row: StoredVerificationJobResult): ResultCells<ResultColumn> =>
  storedCells(row, POSITIONAL_ORDER);
