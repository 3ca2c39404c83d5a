import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '@lib/common';

/** The media types the spec accepts for JSON bodies: application/json, text/json and application/*+json. */
const ACCEPTED = 'Send the body as application/json, text/json or application/*+json.';
const JSON_TYPES = /^(application\/json|text\/json|application\/[a-z0-9.!#$&^_-]+\+json)\s*(;|$)/i;

/**
 * Fastify under Nest also parses form-encoded bodies; a verification must not run (and charge) on a
 * body the spec does not accept, so anything but JSON is 415 (code 1004) here.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const type = context.switchToHttp().getRequest<FastifyRequest>().headers['content-type'] ?? '';
    if (!JSON_TYPES.test(type)) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `${ACCEPTED} Got "${type || 'none'}".`);
    return true;
  }
}
