import type { FastifyRequest } from 'fastify';
import { DomainError } from '@lib/common';
import { CreateJobOptions, CreateJobService, JobCaller, JobQueries, JobView } from '@lib/jobs';
import { receiveCsvUpload } from '../http/csv-upload';
import type { UploadIdempotencyContext } from '../idempotency/upload-idempotency';
import { createJobOnce } from './create-job-once';

/** POST /v1/jobs: `emailColumn` and `dedupe` may come before or after the file. */
export function receiveJobUpload(
  request: FastifyRequest, service: CreateJobService, queries: JobQueries, caller: JobCaller, maxBytes: number, idempotency: UploadIdempotencyContext,
): Promise<JobView> {
  const { accountId, keyId } = caller;
  return receiveCsvUpload(request, maxBytes, {
    stage: (fileName, file) => service.stage(accountId, fileName, file),
    create: (staged, fields, file) => {
      const options = parseOptions(fields);
      return createJobOnce<JobView>({
        ...idempotency, accountId, operation: 'jobs.create', file, options, stagedJobId: staged.jobId,
        create: () => service.create(staged, options, keyId),
        discardStaged: () => service.discard(staged),
        viewOf: (jobId) => queries.view(accountId, jobId),
      });
    },
    discard: (staged) => service.discard(staged),
  });
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
