import { applyDecorators, Delete, Get, HttpCode, Post, Type } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiIdParam, RawResponse } from '@lib/http-host';

/** The routes under a job kind's `{id}` (bulk, finder): the same shape, each kind's own words and view. */
export interface JobRouteDocs {
  /** The path parameter's description, e.g. 'Job id (int64)'. */
  id: string;
  view: Type<unknown>;
}

/** `GET {id}`: the job's view, or 404. */
export const JobViewRoute = (docs: JobRouteDocs, summary: string): MethodDecorator =>
  applyDecorators(
    Get(':id'),
    ApiIdParam(docs.id),
    ApiOperation({ summary }),
    ApiEnvelope(docs.view),
    ApiErrors(401, 404),
  );

/** `DELETE {id}`: cancels, answering with the job's view. */
export const JobCancelRoute = (docs: JobRouteDocs, summary: string): MethodDecorator =>
  applyDecorators(
    Delete(':id'),
    HttpCode(200),
    ApiIdParam(docs.id),
    ApiOperation({ summary }),
    ApiEnvelope(docs.view),
    ApiErrors(400, 401, 404),
  );

/** `POST {id}/resume`: resumes a job the balance stopped, answering with the job's view. */
export const JobResumeRoute = (docs: JobRouteDocs, summary: string): MethodDecorator =>
  applyDecorators(
    Post(':id/resume'),
    HttpCode(200),
    ApiIdParam(docs.id),
    ApiOperation({ summary }),
    ApiEnvelope(docs.view),
    ApiErrors(401, 402, 404, 409),
  );

/** `POST {id}/erase`: "delete now", answering with the erasure's receipt (202: it runs in the worker). */
export const JobEraseRoute = (docs: JobRouteDocs, summary: string, receipt: Type<unknown>): MethodDecorator =>
  applyDecorators(
    Post(':id/erase'),
    HttpCode(202),
    ApiIdParam(docs.id),
    ApiOperation({ summary }),
    ApiEnvelope(receipt, 202),
    ApiErrors(401, 404, 409),
  );

/** `GET {id}/stream`: Server-Sent Events of the job's progress (a raw reply). */
export const JobStreamRoute = (docs: JobRouteDocs, summary: string, responseDescription: string): MethodDecorator =>
  applyDecorators(
    Get(':id/stream'),
    RawResponse(),
    ApiOperation({ summary }),
    ApiIdParam(docs.id),
    ApiProduces('text/event-stream'),
    ApiResponse({ status: 200, description: responseDescription, schema: { type: 'string' } }),
    ApiErrors(401, 404),
  );

/** `GET {id}/download`: the original CSV with the kind's result columns (a raw, streamed reply). */
export const JobDownloadRoute = (docs: JobRouteDocs, summary: string): MethodDecorator =>
  applyDecorators(
    Get(':id/download'),
    RawResponse(),
    ApiOperation({ summary }),
    ApiIdParam(docs.id),
    ApiProduces('text/csv'),
    ApiResponse({ status: 200, description: 'CSV, streamed', schema: { type: 'string' } }),
    ApiErrors(400, 401, 404, 410),
  );
