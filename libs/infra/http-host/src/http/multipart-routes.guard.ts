import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '@lib/common';

const ACCEPTS_UPLOAD = 'accepts-multipart-upload';

/** Marks a handler that reads a multipart/form-data upload itself (the job and finder-job uploads). */
export const AcceptsUpload = (): MethodDecorator => SetMetadata(ACCEPTS_UPLOAD, true);

/**
 * The multipart parser is registered for the whole server, so a form sent to a JSON endpoint would
 * reach it with no body and be answered with a list of every missing field. It is the media type that
 * is wrong: 415, saying which endpoints take uploads.
 */
@Injectable()
export class MultipartRoutesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!request.isMultipart?.()) return true;
    if (this.reflector.get<boolean>(ACCEPTS_UPLOAD, context.getHandler())) return true;
    throw new DomainError(
      'UNSUPPORTED_MEDIA_TYPE',
      'This endpoint takes a JSON body (application/json); multipart/form-data is only for the file uploads POST /v1/jobs and POST /v1/finder/jobs.',
    );
  }
}
