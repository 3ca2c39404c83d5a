import { Controller, Get, Headers, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '@lib/accounts';
import { parsePageRequest } from '@lib/common';
import { AppConfig } from '@lib/config';
import {
  CancelJobService, JobCreation, JobDownloadService, JobQueries, RESULT_COLUMNS, VERIFICATION_JOB_CANCEL, VerificationJobCreation, type CreateJobOptions, type JobView,
} from '@lib/jobs';
import { APP_CONFIG } from '@lib/platform';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { ApiCsvUpload } from '../docs/api-csv-upload.decorator';
import { ApiEnvelope, ApiErrors } from '../docs/api-envelope.decorators';
import { ApiIdParam, ApiPageQueries } from '../docs/api-params.decorators';
import { RawResponse } from '../http/raw-response.decorator';
import { JobDto, JobPageDto } from './jobs.dto';
import { UploadIdempotency } from '../idempotency/upload-idempotency';
import { JobUploadRoute } from './job-upload-route.decorator';
import { JobCancelRoute, JobRouteDocs, JobStreamRoute, JobViewRoute } from './job-routes.decorators';
import { JobUploadKind, parseBulkJobOptions, receiveJobUpload } from './job-upload';
import { sendCsvDownload, streamJobView } from './raw-replies';

const JOB_ROUTES: JobRouteDocs = { id: 'Job id (int64)', view: JobDto };
const JobIdParam = () => ApiIdParam(JOB_ROUTES.id);

/** Bulk verification jobs (spec: Bulk verification jobs). */
@ApiTags('jobs')
@Controller('v1/jobs')
export class JobsController {
  private readonly uploads: JobUploadKind<CreateJobOptions, JobView>;

  constructor(
    creation: JobCreation,
    kind: VerificationJobCreation,
    private readonly cancelJobs: CancelJobService,
    private readonly queries: JobQueries,
    private readonly downloads: JobDownloadService,
    private readonly idempotency: UploadIdempotency,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.uploads = { operation: 'jobs.create', service: creation.of(kind), queries, parseOptions: parseBulkJobOptions };
  }

  @JobUploadRoute()
  @ApiOperation({ summary: 'Upload a CSV (multipart: file, emailColumn, dedupe); answers with the counts and the quote, status Pending' })
  @ApiCsvUpload({
    emailColumn: { type: 'integer', format: 'int32', minimum: 0, description: 'Zero-based index of the column to verify; detected from the header or the values when absent' },
    dedupe: { type: 'boolean', default: false, description: 'Whether the download keeps one row per address' },
  })
  @ApiEnvelope(JobDto, 201)
  createJob(
    @Req() request: FastifyRequest, @CurrentPrincipal() principal: Principal,
    @Headers('idempotency-key') rawKey: unknown, @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return receiveJobUpload(request, this.uploads, principal, this.config.jobs.maxUploadBytes, this.idempotency.forRequest(rawKey, reply));
  }

  @Get()
  @ApiOperation({ summary: "The caller's jobs, newest first" })
  @ApiPageQueries(20)
  @ApiEnvelope(JobPageDto)
  @ApiErrors(400, 401)
  list(@CurrentPrincipal() principal: Principal, @Query('page') page?: string, @Query('pageSize') pageSize?: string) {
    return this.queries.list(principal.accountId, parsePageRequest(page, pageSize, 20));
  }

  @JobViewRoute(JOB_ROUTES, 'Status, counts per result, progress, credits charged, timestamps and ETA')
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.queries.view(principal.accountId, id);
  }

  @JobCancelRoute(JOB_ROUTES, 'Cancel a Pending or Processing job; rows not yet verified are never charged')
  cancel(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.cancelJobs.cancel(VERIFICATION_JOB_CANCEL, this.queries, principal.accountId, id);
  }

  @Get(':id/download')
  @RawResponse()
  @ApiOperation({ summary: 'The original CSV with result columns appended; while not Completed, the rows verified so far (X-Partial-Result: true)' })
  @ApiQuery({ name: 'columns', required: false, schema: { type: 'string' }, description: `Comma-separated result columns in the wanted order (${RESULT_COLUMNS.join(',')}), case-insensitive; 'all' (default) or 'none'` })
  @ApiQuery({ name: 'dedupe', required: false, schema: { type: 'boolean' }, description: "true: one row per address; defaults to the job's setting" })
  @ApiQuery({ name: 'results', required: false, schema: { type: 'string' }, description: "Comma-separated results whose rows to keep (ok,invalid,catch_all,unknown,disposable,error), case-insensitive; 'all' (default) keeps every row. Example: ok,catch_all" })
  @JobIdParam()
  @ApiProduces('text/csv')
  @ApiResponse({ status: 200, description: 'CSV, streamed', schema: { type: 'string' } })
  @ApiErrors(400, 401, 404, 410)
  async download(
    @CurrentPrincipal() principal: Principal, @Param('id') id: string, @Query('columns') columns: string | undefined, @Query('dedupe') dedupe: string | undefined,
    @Query('results') results: string | undefined, @Res() reply: FastifyReply,
  ) {
    const prepared = await this.downloads.prepare(principal.accountId, id, columns, dedupe, results);
    sendCsvDownload(reply, prepared);
  }

  @JobStreamRoute(JOB_ROUTES, 'Server-Sent Events: `progress` about every second (the job as in GET /v1/jobs/{id}), a final `done`, heartbeat comments', 'text/event-stream: `progress` events about every second, then `done`')
  async stream(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() reply: FastifyReply) {
    await streamJobView(reply, () => this.queries.view(principal.accountId, id));
  }
}
