import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  FINDER_JOB_CANCEL,
  FINDER_JOB_FILES,
  FinderJobCreation,
  FinderJobDownloads,
  FinderJobQueries,
  type FinderJobKind,
} from '@lib/finder';
import { RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { JobKindController, JobRoutesWiring, type JobKindDocs } from '../../job-routes/job-kind-controller';
import { parseFinderJobOptions } from './finder-job-upload';
import { FinderJobDto, FinderJobPageDto } from './finder-jobs.dto';

const FINDER_JOB_ROUTES: JobKindDocs = {
  scope: 'finder',
  id: 'Finder job id (int64)',
  view: FinderJobDto,
  page: FinderJobPageDto,
  defaultPageSize: 10,
  upload: {
    summary:
      'Upload a CSV of contacts (multipart: file; optional firstNameColumn, lastNameColumn, domainColumn as header name or zero-based index). Without a first-name column, a full-name column (name, full name, contact) is split per row; a file needs a domain column and at least one name column, and a row with only a last name is looked up by it (400 code 3011 without them)',
    fields: {
      firstNameColumn: {
        type: 'string',
        description: 'Header name or zero-based index of the first-name column; detected when absent',
      },
      lastNameColumn: {
        type: 'string',
        description: 'Header name or zero-based index of the last-name column; detected when absent',
      },
      domainColumn: {
        type: 'string',
        description: 'Header name or zero-based index of the domain (or website) column; detected when absent',
      },
    },
    created: 'The job, status Pending, with its counts and quote (10 credits per usable contact at most)',
  },
  list: "The caller's finder jobs, newest first",
  detail: 'Status, found / not found counts, progress, credits charged, timestamps',
  cancel: 'Cancel a Pending or Processing job; contacts not yet looked up are never charged',
  erase:
    "Delete now: erase an ended job's data (its uploaded file, results and row data, everywhere they are stored, sealed data made unreadable by destroying the job's key); the job's record, counts and charges stay. Answers the erasure's receipt (202, status erasing; GET /v1/erasures/{erasureId} until done). 409 (code 4006) while the job runs: cancel it first. Asked again, answers the same erasure",
  download: {
    summary:
      'The original CSV with email, status, quality, result, reason, confidence, provider appended; while not Completed, the rows done so far (X-Partial-Result: true)',
  },
  stream: {
    summary:
      'Server-Sent Events: `progress` about every second (the job as in GET /v1/finder/jobs/{id}), a final `done`',
    response: 'text/event-stream: `progress` events, then `done`',
  },
};

/** Finder file jobs: the routes every job kind has, as bulk jobs (JobKindController). */
@ApiTags('finder')
@RequiresScope(FINDER_JOB_ROUTES.scope)
@AcceptsKeyKinds('test')
@Controller('v1/finder/jobs')
export class FinderJobsController extends JobKindController<FinderJobKind>(FINDER_JOB_ROUTES) {
  constructor(
    wiring: JobRoutesWiring,
    kind: FinderJobCreation,
    queries: FinderJobQueries,
    downloads: FinderJobDownloads,
  ) {
    const download = (accountId: string, id: string) => downloads.download(accountId, id);
    super(
      wiring.routes({
        operation: 'finder.jobs.create',
        creation: kind,
        parseOptions: parseFinderJobOptions,
        queries,
        files: FINDER_JOB_FILES,
        cancel: FINDER_JOB_CANCEL,
        download,
      }),
    );
  }
}
