import type { FastifyRequest } from 'fastify';
import { DomainError } from '@lib/common';
import type { JobCaller, JobKindTypes, JobUploads, StagedUpload } from '@lib/jobs';
import { receiveCsvUpload } from '@lib/http-host';
import { requestFingerprint } from '@lib/idempotency';
import type { UploadIdempotencyContext } from '../idempotency/upload-idempotency';
import { createJobOnce } from './create-job-once';

/**
 * What an upload route needs of its job kind (bulk, finder): its create steps (JobCreation.of), its view
 * and how its multipart fields read. The fields may come before or after the file.
 */
export interface JobUploadKind<K extends JobKindTypes> {
  /** `jobs.create` or `finder.jobs.create`: the same file sent to the other endpoint is another request. */
  operation: string;
  service: JobUploads<K>;
  queries: { view(accountId: string, id: string): Promise<K['view']> };
  parseOptions(fields: Record<string, string>): K['options'];
}

/** POST of a job kind's CSV: stage the file, then create the job once per Idempotency-Key. */
export function receiveJobUpload<K extends JobKindTypes>(
  request: FastifyRequest,
  kind: JobUploadKind<K>,
  caller: JobCaller,
  maxBytes: number,
  idempotency: UploadIdempotencyContext,
): Promise<K['view']> {
  const { accountId, keyId } = caller;
  const { service } = kind;
  return receiveCsvUpload(request, maxBytes, {
    stage: (fileName, file, before) => service.stage(accountId, fileName, file, before.sheet),
    create: (staged, fields, file) => {
      requireSheetBeforeFile(staged, fields);
      const options = kind.parseOptions(fields);
      const allowDuplicate = parseAllowDuplicate(fields.allowDuplicate);
      // The same bytes with the same options (and sheet), whatever the file is called: what a duplicate upload is.
      const fingerprint = requestFingerprint(kind.operation, [file.sha256, options, sheetRead(staged)]);
      return createJobOnce<K['view']>({
        ...idempotency,
        accountId,
        operation: kind.operation,
        file,
        // Two sheets of one workbook are two lists: the sheet read is part of what the key stands for.
        options: staged.format.kind === 'xlsx' ? { options, sheet: sheetRead(staged) } : options,
        stagedJobId: staged.jobId,
        create: () => service.create({ ...staged, fingerprint }, options, keyId, allowDuplicate),
        discardStaged: () => service.discard(staged),
        viewOf: (jobId) => kind.queries.view(accountId, jobId),
      });
    },
    discard: (staged) => service.discard(staged),
  });
}

/** An .xlsx is read as it arrives, so a `sheet` field sent after the file would be silently ignored. */
function requireSheetBeforeFile(staged: StagedUpload, fields: Record<string, string>): void {
  const sent = fields.sheet?.trim() || null;
  if (staged.format.kind === 'xlsx' && sent !== staged.requestedSheet)
    throw new DomainError(
      'VALIDATION_FAILED',
      'Send the "sheet" field before the "file" field: the workbook is read as it arrives.',
    );
}

/** The `allowDuplicate` field: true to verify (and charge) again a file uploaded recently with the same options. */
function parseAllowDuplicate(value: string | undefined): boolean {
  const flag = value?.trim().toLowerCase();
  if (flag === undefined || flag === '' || flag === 'false' || flag === '0') return false;
  if (flag === 'true' || flag === '1') return true;
  throw new DomainError('VALIDATION_FAILED', 'allowDuplicate must be true or false.');
}

/** The workbook sheet that was read (the first when none was named), null for a text file. */
function sheetRead(staged: StagedUpload): string | null {
  return staged.format.kind === 'xlsx' ? staged.format.sheet : null;
}
