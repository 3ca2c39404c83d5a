import { applyDecorators, HttpCode, Post } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { ApiErrors, AcceptsUpload } from '@lib/http-host';
import { UPLOAD_IDEMPOTENCY_HEADER_DOC } from './create-job-once';

/** `POST` of a job upload (bulk or finder): multipart accepted, 201, Idempotency-Key documented, its errors. */
export const JobUploadRoute = (): MethodDecorator =>
  applyDecorators(
    Post(),
    AcceptsUpload(),
    HttpCode(201),
    ApiHeader(UPLOAD_IDEMPOTENCY_HEADER_DOC),
    ApiErrors(400, 401, 409, 413),
  );
