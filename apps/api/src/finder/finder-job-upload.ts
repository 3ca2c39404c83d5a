import type { FastifyRequest } from 'fastify';
import { CreateFinderJobService, FinderJobView } from '@lib/finder';
import { receiveCsvUpload } from '../http/csv-upload';

/**
 * POST /v1/finder/jobs: firstNameColumn / lastNameColumn / domainColumn (header name or zero-based
 * index) may come before or after the file.
 */
export function receiveFinderJobUpload(request: FastifyRequest, service: CreateFinderJobService, accountId: string, maxBytes: number): Promise<FinderJobView> {
  return receiveCsvUpload(request, maxBytes, {
    stage: (fileName, file) => service.stage(accountId, fileName, file),
    create: (staged, fields) => {
      const column = (name: string) => fields[name]?.trim() || undefined;
      return service.create(staged, { firstName: column('firstNameColumn'), lastName: column('lastNameColumn'), domain: column('domainColumn') });
    },
    discard: (staged) => service.discard(staged),
  });
}
