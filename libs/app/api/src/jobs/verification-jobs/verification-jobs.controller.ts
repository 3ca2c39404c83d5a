import { Controller, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  VERIFICATION_RESULT_COLUMNS,
  VERIFICATION_JOB_CANCEL,
  VERIFICATION_JOB_FILES,
  VERIFICATION_JOB_RESUME,
  VerificationJobCreation,
  VerificationJobDownloads,
  VerificationJobQueries,
  type VerificationJobKind,
} from '@lib/verification-jobs';
import { JobDto, JobPageDto } from './verification-jobs.dto';
import {
  JobKindController,
  JobRoutesWiring,
  type JobKindDocs,
  type JobKindRoutes,
} from '../../job-routes/job-kind-controller';
import { parseBulkJobOptions } from './bulk-job-options';
import type { Principal } from '@lib/accounts';
import { ResumeJobService } from '@lib/jobs';
import { CurrentPrincipal, RequiresScope } from '../../auth/auth.decorators';
import { AcceptsKeyKinds } from '../../auth/key-kinds';
import { JobResumeRoute } from '../../job-routes/job-routes.decorators';

const JOB_ROUTES: JobKindDocs = {
  scope: 'jobs',
  id: 'Job id (int64)',
  view: JobDto,
  page: JobPageDto,
  defaultPageSize: 20,
  upload: {
    summary:
      'Upload a CSV (multipart: file, emailColumn, dedupe); answers with the counts and the quote, status Pending',
    fields: {
      emailColumn: {
        type: 'integer',
        format: 'int32',
        minimum: 0,
        description: 'Zero-based index of the column to verify; detected from the header or the values when absent',
      },
      dedupe: { type: 'boolean', default: false, description: 'Whether the download keeps one row per address' },
    },
  },
  list: "The caller's jobs, newest first",
  detail: 'Status, counts per result, progress, credits charged, timestamps and ETA',
  cancel: 'Cancel a Pending or Processing job; rows not yet verified are never charged',
  erase:
    "Delete now: erase an ended job's data (its uploaded file, results and row data, everywhere they are stored, sealed data made unreadable by destroying the job's key); the job's record, counts and charges stay. Answers the erasure's receipt (202, status erasing; GET /v1/erasures/{erasureId} until done). 409 (code 4006) while the job runs: cancel it first. Asked again, answers the same erasure",
  download: {
    summary:
      'The original CSV with result columns appended; while not Completed, the rows verified so far (X-Partial-Result: true)',
    queries: [
      {
        name: 'columns',
        required: false,
        schema: { type: 'string' },
        description: `Comma-separated result columns in the wanted order (${VERIFICATION_RESULT_COLUMNS.join(',')}), case-insensitive; 'all' (default) or 'none'`,
      },
      {
        name: 'format',
        required: false,
        schema: { type: 'string', enum: ['full', 'simple'] },
        description:
          "'full' (default): the result columns `columns` names. 'simple': one column, \"Email status\", holding the result in the dashboard's words (Deliverable, Catch-all, Unknown, Disposable, Invalid, Error); not with `columns`",
      },
      {
        name: 'dedupe',
        required: false,
        schema: { type: 'boolean' },
        description: "true: one row per address; defaults to the job's setting",
      },
      {
        name: 'results',
        required: false,
        schema: { type: 'string' },
        description:
          "Comma-separated results whose rows to keep (ok,invalid,catch_all,unknown,disposable,error), case-insensitive; 'all' (default) keeps every row. Example: ok,catch_all",
      },
    ],
  },
  stream: {
    summary:
      'Server-Sent Events: `progress` about every second (the job as in GET /v1/jobs/{id}), a final `done`, heartbeat comments',
    response: 'text/event-stream: `progress` events about every second, then `done`',
  },
};

/** Bulk verification jobs (spec: Bulk verification jobs): the routes every job kind has (JobKindController). */
@ApiTags('jobs')
@RequiresScope(JOB_ROUTES.scope)
@AcceptsKeyKinds('test')
@Controller('v1/jobs')
export class JobsController extends JobKindController<VerificationJobKind>(JOB_ROUTES) {
  constructor(
    wiring: JobRoutesWiring,
    kind: VerificationJobCreation,
    private readonly queries: VerificationJobQueries,
    downloads: VerificationJobDownloads,
    private readonly resumes: ResumeJobService,
  ) {
    const download: JobKindRoutes<VerificationJobKind>['download'] = (accountId, id, query) =>
      downloads.prepare(accountId, id, query.columns, query.dedupe, query.results, query.format);
    super(
      wiring.routes({
        operation: 'jobs.create',
        creation: kind,
        parseOptions: parseBulkJobOptions,
        queries,
        files: VERIFICATION_JOB_FILES,
        cancel: VERIFICATION_JOB_CANCEL,
        download,
      }),
    );
  }

  @JobResumeRoute(
    JOB_ROUTES,
    'Resume a job stopped because the balance ran out (failureReason insufficient_credits) or the monthly credit cap of the key that started it was reached (key_credit_cap_reached: raise the cap first), from its first undone row, on the file already uploaded; rows done before are not verified or charged again. 402 while no credit is available, 409 (code 3020) for a job that cannot be resumed; a retried resume of a job already running again answers its view',
  )
  resume(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.resumes.resume(VERIFICATION_JOB_RESUME, this.queries, principal.accountId, id);
  }
}
