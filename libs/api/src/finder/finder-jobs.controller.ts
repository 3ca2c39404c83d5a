import { Controller, Get, Headers, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '@lib/accounts';
import { parsePageRequest } from '@lib/common';
import { AppConfig } from '@lib/config';
import { FINDER_JOB_CANCEL, FinderJobCreation, FinderJobDownloads, FinderJobQueries, type FinderJobView, type RequestedColumns } from '@lib/finder';
import { CancelJobService, JobCreation } from '@lib/jobs';
import { APP_CONFIG } from '@lib/platform';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { JobCancelRoute, JobRouteDocs, JobStreamRoute, JobViewRoute } from '../jobs/job-routes.decorators';
import { ApiCsvUpload } from '../docs/api-csv-upload.decorator';
import { ApiEnvelope, ApiErrors } from '../docs/api-envelope.decorators';
import { ApiIdParam, ApiPageQueries } from '../docs/api-params.decorators';
import { RawResponse } from '../http/raw-response.decorator';
import { UploadIdempotency } from '../idempotency/upload-idempotency';
import { JobUploadRoute } from '../jobs/job-upload-route.decorator';
import { JobUploadKind, receiveJobUpload } from '../jobs/job-upload';
import { sendCsvDownload, streamJobView } from '../jobs/raw-replies';
import { parseFinderJobOptions } from './finder-job-upload';
import { FinderJobDto, FinderJobPageDto } from './finder-jobs.dto';

const FINDER_JOB_ROUTES: JobRouteDocs = { id: 'Finder job id (int64)', view: FinderJobDto };
const JobIdParam = () => ApiIdParam(FINDER_JOB_ROUTES.id);

/** Finder file jobs, following the bulk-job conventions (detail, cancel, download, SSE progress). */
@ApiTags('finder')
@Controller('v1/finder/jobs')
export class FinderJobsController {
  private readonly uploads: JobUploadKind<RequestedColumns, FinderJobView>;

  constructor(
    creation: JobCreation,
    kind: FinderJobCreation,
    private readonly cancelJobs: CancelJobService,
    private readonly downloads: FinderJobDownloads,
    private readonly queries: FinderJobQueries,
    private readonly idempotency: UploadIdempotency,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.uploads = { operation: 'finder.jobs.create', service: creation.of(kind), queries, parseOptions: parseFinderJobOptions };
  }

  @JobUploadRoute()
  @ApiOperation({ summary: 'Upload a CSV of contacts (multipart: file; optional firstNameColumn, lastNameColumn, domainColumn as header name or zero-based index). Without a first-name column, a full-name column (name, full name, contact) is split per row; a file needs a domain column and at least one name column, and a row with only a last name is looked up by it (400 code 3011 without them)' })
  @ApiCsvUpload({
    firstNameColumn: { type: 'string', description: 'Header name or zero-based index of the first-name column; detected when absent' },
    lastNameColumn: { type: 'string', description: 'Header name or zero-based index of the last-name column; detected when absent' },
    domainColumn: { type: 'string', description: 'Header name or zero-based index of the domain (or website) column; detected when absent' },
  })
  @ApiEnvelope(FinderJobDto, 201, 'The job, status Pending, with its counts and quote (10 credits per usable contact at most)')
  createJob(
    @Req() request: FastifyRequest, @CurrentPrincipal() principal: Principal,
    @Headers('idempotency-key') rawKey: unknown, @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return receiveJobUpload(request, this.uploads, principal, this.config.jobs.maxUploadBytes, this.idempotency.forRequest(rawKey, reply));
  }

  @Get()
  @ApiOperation({ summary: "The caller's finder jobs, newest first" })
  @ApiPageQueries(10)
  @ApiEnvelope(FinderJobPageDto)
  @ApiErrors(400, 401)
  list(@CurrentPrincipal() principal: Principal, @Query('page') page?: string, @Query('pageSize') pageSize?: string) {
    return this.queries.list(principal.accountId, parsePageRequest(page, pageSize, 10));
  }

  @JobViewRoute(FINDER_JOB_ROUTES, 'Status, found / not found counts, progress, credits charged, timestamps')
  get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.queries.view(principal.accountId, id);
  }

  @JobCancelRoute(FINDER_JOB_ROUTES, 'Cancel a Pending or Processing job; contacts not yet looked up are never charged')
  cancel(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
    return this.cancelJobs.cancel(FINDER_JOB_CANCEL, this.queries, principal.accountId, id);
  }

  @Get(':id/download')
  @RawResponse()
  @ApiOperation({ summary: 'The original CSV with email, status, quality, result, reason, confidence, provider appended; while not Completed, the rows done so far (X-Partial-Result: true)' })
  @JobIdParam()
  @ApiProduces('text/csv')
  @ApiResponse({ status: 200, description: 'CSV, streamed', schema: { type: 'string' } })
  @ApiErrors(400, 401, 404, 410)
  async download(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() reply: FastifyReply) {
    const prepared = await this.downloads.download(principal.accountId, id);
    sendCsvDownload(reply, prepared);
  }

  @JobStreamRoute(FINDER_JOB_ROUTES, 'Server-Sent Events: `progress` about every second (the job as in GET /v1/finder/jobs/{id}), a final `done`', 'text/event-stream: `progress` events, then `done`')
  async stream(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() reply: FastifyReply) {
    await streamJobView(reply, () => this.queries.view(principal.accountId, id));
  }
}
