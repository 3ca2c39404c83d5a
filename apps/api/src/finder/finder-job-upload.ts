import type { FastifyRequest } from 'fastify';
import { DomainError } from '@lib/common';
import { CreateFinderJobService, FinderJobView, StagedFinderUpload } from '@lib/finder';

/** Room for multipart boundaries and small fields on top of the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * POST /v1/finder/jobs multipart parts in arrival order: `file` streams to the blob store (never
 * buffered whole); firstNameColumn / lastNameColumn / domainColumn (header name or zero-based index)
 * may come before or after it.
 */
export async function receiveFinderJobUpload(request: FastifyRequest, service: CreateFinderJobService, accountId: string, maxBytes: number): Promise<FinderJobView> {
  if (!request.isMultipart()) throw new DomainError('FILE_MISSING', 'Send multipart/form-data with the CSV in a field named "file".');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw new DomainError('FILE_TOO_LARGE', `The upload is larger than the ${maxBytes / (1024 * 1024)} MB limit; nothing was read.`);
  const fields: Record<string, string> = {};
  let staged: StagedFinderUpload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (part.fieldname !== 'file' || staged) part.file.resume();
      else {
        staged = await service.stage(accountId, part.filename, part.file);
        if (part.file.truncated) throw new DomainError('FILE_TOO_LARGE');
      }
    }
    if (!staged) throw new DomainError('FILE_MISSING');
    const column = (name: string) => fields[name]?.trim() || undefined;
    return await service.create(staged, { firstName: column('firstNameColumn'), lastName: column('lastNameColumn'), domain: column('domainColumn') });
  } catch (error) {
    if (staged) await service.discard(staged);
    throw error;
  }
}
