import { applyDecorators, Get, Headers, Inject, Injectable, Param, Query, Req, Res, type Type } from '@nestjs/common';
import { ApiOperation, ApiQuery, type ApiQueryOptions } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeyScope, Principal } from '@lib/accounts';
import { parsePageRequest, type Page, type PageRequest } from '@lib/common';
import {
  CancelJobService,
  JobCreation,
  type CancellableJobKind,
  type JobCreationKind,
  type JobKindTypes,
  type JobReads,
  type PurgeableJobKind,
} from '@lib/jobs';
import { ErasureRequests } from '@lib/erasure';
import { ErasureReceiptDto } from '../erasures/erasure-receipt.dto';
import { API_CONFIG, type ApiConfig } from '../api.config';
import { ApiCsvUpload, ApiEnvelope, ApiErrors, ApiPageQueries } from '@lib/http-host';
import { CurrentPrincipal, RequiresScope } from '../auth/auth.decorators';
import { UploadIdempotency } from '../idempotency/upload-idempotency';
import {
  JobCancelRoute,
  JobDownloadRoute,
  JobEraseRoute,
  JobRouteDocs,
  JobStreamRoute,
  JobViewRoute,
} from './job-routes.decorators';
import { JobUploadRoute } from './job-upload-route.decorator';
import { receiveJobUpload, type JobUploadKind } from './job-upload';
import { sendCsvDownload, streamJobView } from './raw-replies';

/** The upload field every kind has: the same file and options uploaded recently is refused without it. */
const ALLOW_DUPLICATE_FIELD: SchemaObject = {
  type: 'boolean',
  default: false,
  description:
    'true: verify (and charge) the file even if this account uploaded the same bytes with the same options within JOB_DUPLICATE_WINDOW_HOURS (default 24); without it such an upload answers 409, code 3021, with `error.duplicateOf` {jobId, createdAt}',
};

/** The download's query parameters as they arrived (only those the kind documents are read). */
export type DownloadQuery = Record<string, string | undefined>;

type PreparedCsv = Parameters<typeof sendCsvDownload>[1];

/** One job kind's words and shapes in the OpenAPI document, fixed when its controller class is made. */
export interface JobKindDocs extends JobRouteDocs {
  /** The scope a key needs for every route of the kind (the kind's own routes declare it too). */
  scope: KeyScope;
  page: Type<unknown>;
  defaultPageSize: number;
  upload: { summary: string; fields: Record<string, SchemaObject>; created?: string };
  list: string;
  detail: string;
  cancel: string;
  erase: string;
  /** `queries`: the kind's download options (bulk: columns, dedupe, results). */
  download: { summary: string; queries?: ApiQueryOptions[] };
  stream: { summary: string; response: string };
}

/** What the shared routes do with a kind: create (its upload kind), read, cancel. */
export interface JobKindRoutes<K extends JobKindTypes> {
  uploads: JobUploadKind<K>;
  queries: {
    view(accountId: string, id: string): Promise<K['view']>;
    list(accountId: string, request: PageRequest): Promise<Page<K['view']>>;
  };
  cancel(accountId: string, id: string): Promise<K['view']>;
  /** "Delete now": asks for the erasure of the account's ended job; its receipt. */
  erase(principal: Principal, id: string): Promise<unknown>;
  /** Checks everything (404, 410, not downloadable) before the first byte is sent. */
  download(accountId: string, id: string, query: DownloadQuery): Promise<PreparedCsv>;
  idempotency: UploadIdempotency;
  maxUploadBytes: number;
}

/** What a job kind plugs into the shared routes: its create, read, cancel and download parts. */
export interface JobKindPlugIn<K extends JobKindTypes> {
  /** `jobs.create` or `finder.jobs.create`: the same file sent to the other endpoint is another request. */
  operation: string;
  creation: JobCreationKind<K>;
  parseOptions(fields: Record<string, string>): K['options'];
  queries: JobKindRoutes<K>['queries'] & JobReads<K['view']>;
  cancel: CancellableJobKind<K>;
  /** The kind as retention and erasure purge its files. */
  files: PurgeableJobKind;
  download: JobKindRoutes<K>['download'];
}

/** Wires a kind's plug-in to the create and cancel steps every kind shares. */
@Injectable()
export class JobRoutesWiring {
  constructor(
    private readonly creation: JobCreation,
    private readonly cancelJobs: CancelJobService,
    private readonly idempotency: UploadIdempotency,
    private readonly erasures: ErasureRequests,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  routes<K extends JobKindTypes>(kind: JobKindPlugIn<K>): JobKindRoutes<K> {
    const { queries } = kind;
    return {
      uploads: {
        operation: kind.operation,
        service: this.creation.of(kind.creation),
        queries,
        parseOptions: kind.parseOptions,
      },
      queries,
      cancel: (accountId, id) => this.cancelJobs.cancel(kind.cancel, queries, accountId, id),
      erase: async (principal, id) => {
        // Read as the account's first: another account's job answers 404, as every job route does.
        const view = (await queries.view(principal.accountId, id)) as { id: number; status: string };
        return this.erasures.eraseJob(
          principal.accountId,
          { id: view.id, kind: kind.files.kind, status: view.status },
          { keyId: principal.keyId, userId: principal.userId ?? null },
        );
      },
      download: kind.download,
      idempotency: this.idempotency,
      maxUploadBytes: this.config.jobs.maxUploadBytes,
    };
  }
}

/**
 * The routes every job kind (bulk verification, finder) has, written once: upload, list, detail, cancel,
 * download and progress stream. A kind's controller extends the class made here with its docs and hands
 * it `routes`, its kind plug-in wired (JobRoutesWiring).
 */
export function JobKindController<K extends JobKindTypes>(docs: JobKindDocs) {
  @RequiresScope(docs.scope)
  abstract class JobKindRoutesController {
    constructor(protected readonly routes: JobKindRoutes<K>) {}

    @JobUploadRoute()
    @ApiOperation({ summary: docs.upload.summary })
    @ApiCsvUpload({ ...docs.upload.fields, allowDuplicate: ALLOW_DUPLICATE_FIELD })
    @ApiEnvelope(docs.view, 201, docs.upload.created)
    createJob(
      @Req() request: FastifyRequest,
      @CurrentPrincipal() principal: Principal,
      @Headers('idempotency-key') rawKey: unknown,
      @Res({ passthrough: true }) reply: FastifyReply,
    ) {
      const { uploads, maxUploadBytes, idempotency } = this.routes;
      return receiveJobUpload(request, uploads, principal, maxUploadBytes, idempotency.forRequest(rawKey, reply));
    }

    @Get()
    @ApiOperation({ summary: docs.list })
    @ApiPageQueries(docs.defaultPageSize)
    @ApiEnvelope(docs.page)
    @ApiErrors(400, 401)
    list(@CurrentPrincipal() principal: Principal, @Query('page') page?: string, @Query('pageSize') pageSize?: string) {
      return this.routes.queries.list(principal.accountId, parsePageRequest(page, pageSize, docs.defaultPageSize));
    }

    @JobViewRoute(docs, docs.detail)
    get(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
      return this.routes.queries.view(principal.accountId, id);
    }

    @JobCancelRoute(docs, docs.cancel)
    cancel(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
      return this.routes.cancel(principal.accountId, id);
    }

    @JobEraseRoute(docs, docs.erase, ErasureReceiptDto)
    erase(@CurrentPrincipal() principal: Principal, @Param('id') id: string) {
      return this.routes.erase(principal, id);
    }

    @JobDownloadRoute(docs, docs.download.summary)
    @ApiQueries(docs.download.queries ?? [])
    async download(
      @CurrentPrincipal() principal: Principal,
      @Param('id') id: string,
      @Req() request: FastifyRequest,
      @Res() reply: FastifyReply,
    ) {
      sendCsvDownload(reply, await this.routes.download(principal.accountId, id, request.query as DownloadQuery));
    }

    @JobStreamRoute(docs, docs.stream.summary, docs.stream.response)
    async stream(@CurrentPrincipal() principal: Principal, @Param('id') id: string, @Res() reply: FastifyReply) {
      await streamJobView(reply, () => this.routes.queries.view(principal.accountId, id));
    }
  }
  return JobKindRoutesController;
}

/** Query parameters, applied as stacked `@ApiQuery` lines in this order would be (bottom-up): the document keeps its order. */
const ApiQueries = (queries: ApiQueryOptions[]): MethodDecorator =>
  applyDecorators(...queries.map((query) => ApiQuery(query)).reverse());
