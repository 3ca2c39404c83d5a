import type { FastifyRequest } from 'fastify';
import type { JobCaller, JobUploads } from '@lib/jobs';
import { receiveCsvUpload } from '../http/csv-upload';
import type { UploadIdempotencyContext } from '../idempotency/upload-idempotency';
import { createJobOnce } from './create-job-once';

/**
 * What an upload route needs of its job kind (bulk, finder): its create steps (JobCreation.of), its view
 * and how its multipart fields read. The fields may come before or after the file.
 */
export interface JobUploadKind<O, V> {
  /** `jobs.create` or `finder.jobs.create`: the same file sent to the other endpoint is another request. */
  operation: string;
  service: JobUploads<O, V>;
  queries: { view(accountId: string, id: string): Promise<V> };
  parseOptions(fields: Record<string, string>): O;
}

/** POST of a job kind's CSV: stage the file, then create the job once per Idempotency-Key. */
export function receiveJobUpload<O, V>(
  request: FastifyRequest,
  kind: JobUploadKind<O, V>,
  caller: JobCaller,
  maxBytes: number,
  idempotency: UploadIdempotencyContext,
): Promise<V> {
  const { accountId, keyId } = caller;
  const { service } = kind;
  return receiveCsvUpload(request, maxBytes, {
    stage: (fileName, file) => service.stage(accountId, fileName, file),
    create: (staged, fields, file) => {
      const options = kind.parseOptions(fields);
      return createJobOnce<V>({
        ...idempotency,
        accountId,
        operation: kind.operation,
        file,
        options,
        stagedJobId: staged.jobId,
        create: () => service.create(staged, options, keyId),
        discardStaged: () => service.discard(staged),
        viewOf: (jobId) => kind.queries.view(accountId, jobId),
      });
    },
    discard: (staged) => service.discard(staged),
  });
}
