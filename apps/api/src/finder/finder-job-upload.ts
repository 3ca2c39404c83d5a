import type { FastifyRequest } from 'fastify';
import { CreateFinderJobService, FinderJobQueries, FinderJobView } from '@lib/finder';
import type { JobCaller } from '@lib/jobs';
import { receiveCsvUpload } from '../http/csv-upload';
import { createJobOnce } from '../jobs/create-job-once';
import type { UploadIdempotencyContext } from '../idempotency/upload-idempotency';

/**
 * POST /v1/finder/jobs: firstNameColumn / lastNameColumn / domainColumn (header name or zero-based
 * index) may come before or after the file.
 */
export function receiveFinderJobUpload(
  request: FastifyRequest, service: CreateFinderJobService, queries: FinderJobQueries, caller: JobCaller, maxBytes: number, idempotency: UploadIdempotencyContext,
): Promise<FinderJobView> {
  const { accountId, keyId } = caller;
  return receiveCsvUpload(request, maxBytes, {
    stage: (fileName, file) => service.stage(accountId, fileName, file),
    create: (staged, fields, file) => {
      const column = (name: string) => fields[name]?.trim() || undefined;
      const options = { firstName: column('firstNameColumn'), lastName: column('lastNameColumn'), domain: column('domainColumn') };
      return createJobOnce<FinderJobView>({
        ...idempotency, accountId, operation: 'finder.jobs.create', file, options, stagedJobId: staged.jobId,
        create: () => service.create(staged, options, keyId),
        discardStaged: () => service.discard(staged),
        viewOf: (jobId) => queries.view(accountId, jobId),
      });
    },
    discard: (staged) => service.discard(staged),
  });
}
