import { DomainError } from '@lib/common';
import type { CreateVerificationJobOptions } from '@lib/verification-jobs';

/** POST /v1/jobs fields: `emailColumn` (zero-based index) and `dedupe`. */
export function parseBulkJobOptions(fields: Record<string, string>): CreateVerificationJobOptions {
  const column = fields.emailColumn?.trim();
  if (column !== undefined && column !== '' && !/^\d{1,6}$/.test(column)) {
    throw new DomainError('VALIDATION_FAILED', 'emailColumn must be a zero-based column index (0, 1, 2 ...).');
  }
  const dedupe = fields.dedupe?.trim().toLowerCase();
  if (dedupe !== undefined && dedupe !== '' && !['true', 'false', '1', '0'].includes(dedupe)) {
    throw new DomainError('VALIDATION_FAILED', 'dedupe must be true or false.');
  }
  return { emailColumn: column ? Number(column) : null, dedupe: dedupe === 'true' || dedupe === '1' };
}
