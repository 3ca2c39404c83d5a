import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { DomainError, ErrorCodes } from '@lib/common';
import { failure } from './envelope';
import { mapError } from './error-mapping';
import { RouteTable } from './route-table';

/** JSON bodies larger than this are refused with 413; uploads go through multipart with their own limit. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * What Nest does not cover: content types the spec accepts, errors raised by Fastify before a Nest
 * handler runs (body parsing, size limits), and unknown routes or methods, all in the envelope.
 */
export async function configureFastify(fastify: FastifyInstance, routes: RouteTable, maxUploadBytes: number): Promise<void> {
  fastify.addHook('onRoute', (route) => routes.add(route.url, route.method as string | string[]));
  // JSON endpoints accept only the JSON media types of the spec; plain text is a 415, not a string body.
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser(['text/json', /^application\/[a-z0-9.!#$&^_-]+\+json$/i] as never, { parseAs: 'string' }, (_request: unknown, body: string | Buffer, done: (err: Error | null, value?: unknown) => void) => {
    try {
      const text = String(body);
      done(null, text.length === 0 ? undefined : JSON.parse(text));
    } catch {
      done(new DomainError('MALFORMED_JSON'), undefined);
    }
  });
  await fastify.register(multipart as never, { limits: { fileSize: maxUploadBytes, files: 1, fields: 20, fieldSize: 1024 * 64 } });
}

/**
 * Errors raised by Fastify itself (body parsing, size limits) before a Nest handler runs. Installed
 * after Nest's init, which sets its own handler that would map them all to a generic 400.
 */
export function installFastifyErrorHandler(fastify: FastifyInstance): void {
  fastify.setErrorHandler((error, request, reply) => {
    const mapped = mapError(error);
    if (mapped.unexpected) request.log.error({ err: error }, 'unhandled error');
    for (const [name, value] of Object.entries(mapped.headers ?? {})) reply.header(name, value);
    void reply.status(mapped.status).send(mapped.body);
  });
}

/** Called for paths no route matches; distinguishes a wrong method (405) from an unknown path (404). */
export function notFoundResponse(routes: RouteTable, method: string, url: string): { status: number; body: ReturnType<typeof failure>; allow?: string } {
  const allowed = routes.allowedMethods(url).filter((m) => m !== 'HEAD' && m !== method);
  if (allowed.length > 0) {
    const entry = ErrorCodes.METHOD_NOT_ALLOWED;
    return { status: entry.status, body: failure(entry.code, `${entry.message} Allowed: ${allowed.join(', ')}.`), allow: allowed.join(', ') };
  }
  const entry = ErrorCodes.ROUTE_NOT_FOUND;
  return { status: entry.status, body: failure(entry.code, `${entry.message} ${method} ${url.split('?')[0]}`) };
}
