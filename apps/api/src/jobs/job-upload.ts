import type { FastifyRequest } from 'fastify';
import { DomainError } from '@lib/common';
import { CreateJobOptions, CreateJobService, JobView, StagedUpload } from '@lib/jobs';

/** Room for multipart boundaries and small fields on top of the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Reads POST /v1/jobs multipart parts in arrival order: the `file` is streamed to the blob store and
 * validated as it arrives (never buffered whole); `emailColumn` and `dedupe` may come before or after it.
 */
export async function receiveJobUpload(request: FastifyRequest, service: CreateJobService, accountId: string, maxBytes: number): Promise<JobView> {
  if (!request.isMultipart()) throw new DomainError('FILE_MISSING', 'Send multipart/form-data with the CSV in a field named "file".');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw new DomainError('FILE_TOO_LARGE', `The upload is larger than the ${maxBytes / (1024 * 1024)} MB limit; nothing was read.`);
  const fields: Record<string, string> = {};
  let staged: StagedUpload | null = null;
  try {
    // One byte over the limit, so our own check (which names the limit) is what refuses a large file.
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname !== 'file' || staged) {
        part.file.resume(); // not ours: skip its bytes
      } else {
        staged = await service.stage(accountId, part.filename, part.file);
        if (part.file.truncated) throw new DomainError('FILE_TOO_LARGE');
      }
    }
    if (!staged) throw new DomainError('FILE_MISSING');
    return await service.create(staged, parseOptions(fields));
  } catch (error) {
    if (staged) await service.discard(staged);
    throw error;
  }
}

function parseOptions(fields: Record<string, string>): CreateJobOptions {
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
